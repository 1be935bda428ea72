// The error catalogue: (HTTP status, statusMessage) -> the Chinese message the shop shows.
// Imported by the API (to answer) and by the web client (to explain). No zod here. The keys and the
// body's type are in error-keys.ts (re-exported here), so the web's first JS can recognise an error
// without carrying every message.

import type { ErrorBody } from './error-keys';

export { ERROR_KEYS, type ErrorBody, type ErrorKey } from './error-keys';

/** `${status} ${statusMessage}` -> Chinese. Identity Toolkit messages are matched on their code prefix. */
export const ERROR_CATALOGUE: Record<string, string> = {
  '400 EMAIL_NOT_FOUND': '此電子郵件尚未註冊',
  '400 EMAIL_EXISTS': '此電子郵件已經註冊過了',
  '400 INVALID_EMAIL': '電子郵件格式錯誤',
  '400 INVALID_PASSWORD': '密碼錯誤',
  '400 WEAK_PASSWORD': '密碼至少需要 6 位數',
  '400 TOO_MANY_ATTEMPTS_TRY_LATER': '請求次數過多，請稍後再試',
  '400 Invalid JSON body': '傳送至伺服器的資料格式錯誤',
  '400 INVALID_ID_TOKEN': '登入憑證無效，請重新登入',
  '400 INVALID_OOB_CODE': '信件連結已過期或已被使用',
  '400 EXPIRED_OOB_CODE': '信件連結已過期或已被使用',
  '400 Bad Request': '請檢查填寫的資料',
  '400 INVALID_LOGIN_CREDENTIALS': '帳號或密碼錯誤，請重新確認',
  '400 USER_DISABLED': '此帳號已被停用',
  '400 MISSING_PASSWORD': '請輸入密碼',
  '400 MISSING_EMAIL': '請輸入電子郵件',
  '400 TOKEN_EXPIRED': '登入已逾時，請重新登入',
  '400 USER_NOT_FOUND': '找不到此帳號，請重新登入',
  '400 LINE_STATE_INVALID': 'LINE 登入已逾時或已使用過，請重新按「使用 LINE 登入」',
  '400 LINE_TOKEN_INVALID': 'LINE 登入驗證失敗，請重新按「使用 LINE 登入」',
  '401 Permission denied': '權限不足',
  '401 Unauthorized': '未經授權，請重新登入',
  '403 Permission denied': '權限不足',
  '403 EMAIL_NOT_VERIFIED': '請先完成電子郵件驗證',
  '404 Not Found, No record found': '查無資料',
  '404 Stock Not Found': '查無庫存資料',
  '404 Firebase not find': '外部伺服器連線失敗',
  '404 Page not found': '找不到這個頁面',
  '409 OUT_OF_STOCK': '庫存不足，請調整數量',
  '409 PLAN_CLOSED': '此團購活動已截止',
  '409 UNPAID_LIMIT': '這組聯絡資料在此活動已有多筆未匯款的訂單，請先完成匯款再訂購',
  '409 ORDER_CONFLICT': '此訂單編號已被使用，請重新送出訂單',
  '409 INVALID_TRANSITION': '訂單目前的狀態不能進行這項操作',
  '409 ALREADY_EXISTS': '資料已經存在',
  '409 PLAN_HAS_ORDERS': '此活動已有訂單，不能刪除；請改為封存',
  '409 PLAN_NOT_CLOSED': '活動截止後（滿一分鐘）才能決定成團或流團',
  '409 OUTCOME_DECIDED': '此活動已決定成團或流團，不能改為另一個結果',
  '409 IN_STOCK': '這本書目前有庫存，可以直接訂購',
  '409 LINE_ALREADY_LINKED': '這個 LINE 帳號已經是另一個會員帳號，不能再連結',
  '413 Payload Too Large': '傳送的資料過大',
  '415 Unsupported Media Type': '傳送至伺服器的資料格式錯誤',
  '429 TOO_MANY_ATTEMPTS_TRY_LATER': '請求次數過多，請稍後再試',
  '500 Internal Server Error': '伺服器內部錯誤',
  '503 Firebase not find': '外部伺服器連線失敗',
};

export const UNKNOWN_ERROR = '未知錯誤';

/**
 * Maps a (status, statusMessage) pair to Chinese. Identity Toolkit sends messages such as
 * "WEAK_PASSWORD : Password should be at least 6 characters", so the code before " : " also matches.
 */
export function describeError(statusCode: number, statusMessage: string | undefined): string {
  if (!statusMessage) return UNKNOWN_ERROR;
  const exact = ERROR_CATALOGUE[`${statusCode} ${statusMessage}`];
  if (exact) return exact;
  const code = statusMessage.split(' : ')[0]?.trim();
  const byCode = code ? ERROR_CATALOGUE[`${statusCode} ${code}`] : undefined;
  if (byCode) return byCode;
  if (statusMessage.startsWith('Page not found')) return ERROR_CATALOGUE['404 Page not found'] ?? UNKNOWN_ERROR;
  return UNKNOWN_ERROR;
}

/** What a refused form says beside its field: the field's own message (a schema's), else the catalogue's. */
export const refusalText = (e: Pick<ErrorBody, 'statusCode' | 'statusMessage' | 'details'>): string => e.details?.[0]?.message ?? describeError(e.statusCode, e.statusMessage);

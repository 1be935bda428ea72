import { z } from 'zod';

/** Firestore-safe document ids: no slashes or dots, bounded length, not Firestore's reserved `__x__`. */
export const docIdSchema = z.string().regex(/^(?!__.*__$)[A-Za-z0-9_-]{1,64}$/, '編號格式錯誤');
export const productIdSchema = docIdSchema;
export const planIdSchema = docIdSchema;
/** Client-made order ids: 16-64 of A-Za-z0-9_- (DESIGN.md section 5). */
export const orderIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, '訂單編號格式錯誤');
export const uidSchema = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, '會員編號格式錯誤');

export const emailSchema = z.string().trim().max(254, '電子郵件過長').email('電子郵件格式錯誤');
export const qtySchema = z.number().int('數量必須是整數').min(0, '數量不能小於 0').max(100000, '數量過大');

/** 統一編號 (Taiwan business id): 8 digits with the Ministry of Finance checksum (divisible by 5 since 2023). */
export function isValidTaxId(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  const weights = [1, 2, 1, 2, 1, 2, 4, 1];
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const p = Number(value[i]) * weights[i]!;
    sum += Math.floor(p / 10) + (p % 10);
  }
  if (sum % 5 === 0) return true;
  return value[6] === '7' && (sum + 1) % 5 === 0;
}

export const phoneSchema = z
  .string()
  .trim()
  .min(7, '電話至少 7 碼')
  .max(30, '電話過長')
  .regex(/^[0-9 +#-]+$/, '電話只能包含數字、空白、-、+、#');
export const bankAccountNoSchema = z.string().regex(/^\d{5}$/, '請填寫匯款帳號末 5 碼');
export const taxIdSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || isValidTaxId(v), '統一編號格式錯誤');

import { describeError } from '@contracts/errors';
import { isApiError } from '@/lib/api-client';

/** statusHistory's `by`, in words. */
export function actorLabel(by: string): string {
  if (by.startsWith('owner:')) return `店長 ${by.slice(6)}`;
  if (by.startsWith('member:')) return '會員本人';
  if (by === 'guest') return '訪客';
  if (by.startsWith('system:')) return '系統自動';
  // seed/legacy/mapping.ts IMPORT_ACTOR: the order came over from the old shop (its old status: legacy.status).
  if (by === 'import:legacy') return '舊站匯入';
  return by;
}

/** A failure as the owner reads it: the catalogue's Chinese, then the field details. */
export function errorText(e: unknown): string {
  if (!isApiError(e)) return '未知錯誤';
  const base = describeError(e.statusCode, e.statusMessage);
  const details = e.details?.map((d) => d.message).join('；');
  return details ? `${base}：${details}` : base;
}

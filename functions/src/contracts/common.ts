import { z } from 'zod';
import { normaliseDigits } from './format';

// A lone surrogate (half of a UTF-16 pair) cannot be encoded as UTF-8: Firestore refuses the whole
// write, and Identity Toolkit the whole call. Written without the `u` flag on purpose, so that it
// looks at UTF-16 code units.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the string is well-formed UTF-16 (String.prototype.isWellFormed, for every runtime). */
export const isWellFormedText = (value: string) => !LONE_SURROGATE.test(value);

/**
 * Every string the API accepts starts from this schema (contracts/__tests__/text-schema.test.ts
 * checks that no contract uses a bare z.string()), so an ill-formed string is a 400 `Bad Request` with
 * details and never reaches Firestore, Identity Toolkit or the order allocator.
 */
export const textSchema = z.string().refine(isWellFormedText, '含有無法辨識的字元');

/**
 * Firestore document ids: no slashes or dots, bounded length, and not Firestore's reserved `__x__`
 * (Firestore answers those with INVALID_ARGUMENT after retrying, so they must never reach it).
 */
const firestoreId = (min: number, max: number, message: string) =>
  textSchema.regex(new RegExp(`^(?!__.*__$)[A-Za-z0-9_-]{${min},${max}}$`), message);

export const docIdSchema = firestoreId(1, 64, '編號格式錯誤');
export const productIdSchema = docIdSchema;
export const planIdSchema = docIdSchema;
/** Client-made order ids: 16-64 of A-Za-z0-9_- (made once per checkout, so a retry is the same order). */
export const orderIdSchema = firestoreId(16, 64, '訂單編號格式錯誤');
export const uidSchema = firestoreId(1, 128, '會員編號格式錯誤');

/**
 * A person's name as a buyer or receiver gives it: letters of any script (with their combining marks),
 * single spaces (also the full-width one) and the joiners names use (· ‧ ・ . - '), at most 30 characters. No digits, no
 * punctuation of a sentence: the name is quoted in the shop's mails, so it must not be able to carry
 * an account number or an instruction in the shop's voice (issue 24; docs/limits.md, "Group orders").
 */
const PERSON_NAME_MAX = 30;
export const personNameSchema = (required: string) =>
  textSchema
    .trim()
    .min(1, { error: required, abort: true })
    .max(PERSON_NAME_MAX, `姓名最多 ${PERSON_NAME_MAX} 字`)
    .regex(/^[\p{L}\p{M}]+(?:[ \u3000·‧・.'’-]{1,2}[\p{L}\p{M}]+)*\.?$/u, '姓名只能包含文字，以及名字中的空白、·、.、-、\'');

/** A calendar date, YYYY-MM-DD, that exists (2026-02-30 does not). */
export const calendarDateSchema = textSchema.trim().refine((v) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === v;
}, '請填寫日期，格式為 YYYY-MM-DD');

/**
 * A whole number in a query string (`?limit=20`), or a number where code builds the query. Never an
 * array: z.coerce alone reads `?limit[]=1` as 1 (Number(['1'])), which the hostile corpus caught.
 */
export const queryIntSchema = (min: number, max: number, messages: { min?: string; max?: string } = {}) =>
  z.union([z.number(), textSchema.regex(/^-?\d{1,9}$/)], { error: '請填寫整數' }).transform(Number)
    .pipe(z.number().int('請填寫整數').min(min, messages.min).max(max, messages.max));

export const emailSchema = textSchema.trim().max(254, '電子郵件過長').email('電子郵件格式錯誤');
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

export const phoneSchema = textSchema
  .trim()
  .min(7, '電話至少 7 碼')
  .max(30, '電話過長')
  .regex(/^[0-9 +#-]+$/, '電話只能包含數字、空白、-、+、#');
export const bankAccountNoSchema = textSchema.overwrite(normaliseDigits).regex(/^\d{5}$/, '請填寫匯款帳號末 5 碼');
export const taxIdSchema = textSchema
  .trim()
  .refine((v) => v === '' || isValidTaxId(v), '統一編號格式錯誤');

// --- What the API answers ---------------------------------------------------------------------------
// The answers are declared as zod schemas beside the inputs (their types are these schemas' z.infer),
// and the OpenAPI document describes them (functions/src/contracts/routes.ts). The server never parses
// its own answers with them: they describe, so their strings are the same well-formed text.

export const isoInstantSchema = textSchema.meta({ format: 'date-time', description: 'ISO 8601 instant' });
export const moneySchema = z.number().int().min(0).meta({ description: 'Whole NT$' });
export const countSchema = z.number().int().min(0);

/** How a campaign is named wherever it is shown: the plan page, the home page and the organiser's view. */
export const planHeadingShape = { planId: textSchema, title: textSchema, organizer: textSchema, closingDate: isoInstantSchema };
export const bannerImgSchema = z.object({ pc: textSchema, mobile: textSchema });

import { z } from 'zod';
import { normaliseDigits } from './digits';

// A lone surrogate (half of a UTF-16 pair) cannot be encoded as UTF-8: Firestore refuses the whole
// write, and Identity Toolkit the whole call. Written without the `u` flag on purpose, so that it
// looks at UTF-16 code units.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the string is well-formed UTF-16 (String.prototype.isWellFormed, for every runtime). */
export const isWellFormedText = (value: string) => !LONE_SURROGATE.test(value);

/**
 * C0 and C1 controls (but tab and the line breaks a text area sends) and the bidirectional controls
 * (U+200E/F marks, U+202A-202E embeddings and overrides, U+2066-2069 isolates): an RLO turns gnp.exe
 * into "exe.png" in a mail or a page, and no customer or owner text needs one (issue 31).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_OR_BIDI = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** True when the string holds no control or bidirectional character (CONTROL_OR_BIDI). */
export const hasNoControls = (value: string) => !CONTROL_OR_BIDI.test(value);

/**
 * Every string the API accepts starts from this schema (contracts/__tests__/text-schema.test.ts
 * checks that no contract uses a bare z.string()), so an ill-formed string, or one with a control or
 * bidirectional character, is a 400 `Bad Request` with details and never reaches Firestore, Identity
 * Toolkit, the order allocator or a mail.
 */
export const textSchema = z.string().refine(isWellFormedText, '含有無法辨識的字元').refine(hasNoControls, '含有控制字元或文字方向字元');

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

/**
 * A postal address in an address's shape, since the shop's mails print it (issue 31; docs/limits.md,
 * "What a stranger can send"): letters, digits, spaces and the punctuation addresses use (, 、 . - ( ) #
 * /), at most 100 characters, with a number, a word of an address (縣 市 區 鄉 鎮 村 里 路 街 道 段 巷 弄 號
 * 樓, or Rd / St / No. and the like), no run of 7 digits (an account number) and nothing like a web or
 * mail address.
 */
const ADDRESS_MAX = 100;
export const addressSchema = textSchema
  .trim()
  .min(6, { error: '地址至少 6 個字', abort: true })
  .max(ADDRESS_MAX, { error: `地址最多 ${ADDRESS_MAX} 字`, abort: true })
  .regex(/^[\p{L}\p{M}\p{Nd} \u3000,，、.\-－–()（）#＃/]+$/u, { error: '地址只能包含文字、數字、空白與 , 、 . - ( ) # /', abort: true })
  .refine((v) => !/[A-Za-z0-9-]\.[A-Za-z]{2,}|www|http/i.test(v), { error: '地址不能包含網址', abort: true })
  .refine((v) => !/\p{Nd}{7,}/u.test(v.replace(/[\s\-－–]/g, '')), { error: '地址不能包含 7 位以上的連續數字', abort: true })
  .refine((v) => /\p{Nd}/u.test(v) && /[縣市區鄉鎮村里路街道段巷弄號樓]|\b(?:rd|road|st|street|ave|avenue|ln|lane|aly|alley|sec|no|dist|city)\b/iu.test(v), '請填寫完整地址（縣市、路街與門牌號碼）');

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

// A stored document's type and an answer's type are kept apart by the compiler (issue 34). The type of a
// document as stored with fields only the server may see (functions/src/domain/order.ts OrderDoc) carries
// StoredDocument; an answer's type carries Unstored at every level (Answer), and so does every handler's
// answer (functions/src/http/route.ts). A stored document is assignable to no answer: an answer forgotten
// on its way through the view (publicOrder) is a compile error, not a leak of the stored fields. The
// symbol exists only for the compiler; no value carries it.
declare const stored: unique symbol;

/** Marks the type of a document as stored, with fields no answer may carry. */
export interface StoredDocument {
  readonly [stored]?: 'stored';
}

/** Marks an answer's type: nothing typed StoredDocument is assignable to it. */
export interface Unstored {
  readonly [stored]?: never;
}

/** T as an answer: Unstored at every level, so that no stored document hides in a list or a field. */
export type Answer<T> = T extends readonly unknown[] ? { [K in keyof T]: Answer<T[K]> } : T extends object ? { [K in keyof T]: Answer<T[K]> } & Unstored : T;

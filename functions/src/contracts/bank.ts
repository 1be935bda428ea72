import { z } from 'zod';
import { type Answer, calendarDateSchema, countSchema, moneySchema, textSchema } from './common';
import { orderSchema } from './orders';

// Bank statement matching (/api/admin/bank/...). The owner's browser reads the bank's CSV export
// (Big5 or UTF-8, columns differing per bank), the owner maps its date, deposit and payer-account
// columns once per layout, and only the normalised deposits reach the API. The normalisers below
// are shared so that the browser and the tests read a statement the same way.

/** yyyy-mm-dd from the dates banks print: 2026/11/20, 2026-11-20, 20261120, 民國 115/11/20, with or without a time. */
export function parseStatementDate(raw: string): string | null {
  const s = raw.trim().replace(/\s+\d{1,2}:\d{2}(:\d{2})?$/, '');
  let y: number, m: number, d: number;
  const sep = /^(\d{2,4})[/.-](\d{1,2})[/.-](\d{1,2})$/.exec(s);
  const compact = /^(\d{7,8})$/.exec(s);
  if (sep) [y, m, d] = [Number(sep[1]), Number(sep[2]), Number(sep[3])];
  else if (compact) {
    const t = compact[1]!;
    [y, m, d] = [Number(t.slice(0, t.length - 4)), Number(t.slice(-4, -2)), Number(t.slice(-2))];
  } else return null;
  if (y < 1000) y += 1911; // 民國年
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Whole NT$ from "1,700", "1700.00", "NT$1,700"; null for an empty cell (a withdrawal row) or anything else. */
export function parseStatementAmount(raw: string): number | null | 'invalid' {
  const s = raw.trim().replace(/^NT\$|^\$|元$/g, '').replace(/,/g, '').trim();
  if (s === '' || s === '-' || /^0+(\.0+)?$/.test(s)) return null;
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return 'invalid';
  const n = Number(s);
  return Number.isInteger(n) ? n : 'invalid';
}

export const digitsOf = (s: string) => s.replace(/\D/g, '');

export const bankDepositSchema = z.object({
  /** The row's number in the file (1 = the first data row), for the owner and the history note. */
  row: z.number().int().min(1).max(100_000),
  /** A real calendar date (2026-99-99 is a 400, never a 500). */
  date: calendarDateSchema,
  amount: z.number().int('金額必須是整數').min(1, '金額必須大於 0').max(100_000_000, '金額過大'),
  /** The cell holding the payer's account (or the memo that contains it). */
  account: textSchema.trim().max(200, '帳號欄位過長'),
  /** 0 for the first deposit with this date, amount and account in the statement, 1 for the next… */
  occurrence: z.number().int().min(0).max(1000).default(0),
});
export type BankDeposit = z.infer<typeof bankDepositSchema>;

/** Which columns hold what, remembered per layout (the header row's signature). */
export const bankLayoutSchema = z.object({
  key: textSchema.regex(/^[a-f0-9]{16,64}$/, '格式錯誤'),
  header: z.array(textSchema.max(100)).min(1).max(50),
  date: textSchema.min(1, '請選擇日期欄').max(100),
  amount: textSchema.min(1, '請選擇存入金額欄').max(100),
  account: textSchema.min(1, '請選擇帳號或備註欄').max(100),
});
export type BankLayout = z.infer<typeof bankLayoutSchema>;

export const MAX_STATEMENT_DEPOSITS = 500;
/** The browser refuses a larger file before reading it: a day's statement is a few KiB. */
export const MAX_STATEMENT_BYTES = 2 * 1024 * 1024;

export const bankMatchInputSchema = z.object({
  deposits: z.array(bankDepositSchema).min(1, '對帳單中沒有存入紀錄').max(MAX_STATEMENT_DEPOSITS, `一次最多 ${MAX_STATEMENT_DEPOSITS} 筆存入`),
});

export const bankConfirmInputSchema = z.object({
  layout: bankLayoutSchema.optional(),
  matches: z
    .array(z.object({ deposit: bankDepositSchema, orderId: textSchema.regex(/^[A-Za-z0-9_-]{16,64}$/, '訂單編號格式錯誤') }))
    .min(1, '沒有要確認的配對')
    .max(MAX_STATEMENT_DEPOSITS),
});
export type BankConfirmInput = z.infer<typeof bankConfirmInputSchema>;

/** A deposit as the answers repeat it. */
const bankDepositResponseSchema = z
  .object({ row: countSchema, date: textSchema, amount: moneySchema, account: textSchema, occurrence: countSchema })
  .meta({ id: 'BankDeposit' });

export const bankLayoutResponseSchema = z
  .object({ key: textSchema, header: z.array(textSchema), date: textSchema, amount: textSchema, account: textSchema })
  .meta({ id: 'BankLayout' });

/**
 * An awaitingPayment order as a deposit is weighed against it: the fields of the order (contracts/orders.ts)
 * that the owner compares with a payment. The payments queue (contracts/admin.ts) shows the same and more.
 */
export const UNPAID_ORDER_FIELDS = { orderId: true, orderNo: true, planId: true, buyer: true, bankAccountNo: true, totalPrice: true, createdAt: true } as const;
const bankCandidateSchema = orderSchema.pick(UNPAID_ORDER_FIELDS);
export type BankCandidate = Answer<z.infer<typeof bankCandidateSchema>>;

/**
 * exact: one awaitingPayment order, and no other deposit claims it; ambiguous: several orders fit (or
 * several deposits fit one order); unmatched: none; alreadyConfirmed: this deposit confirmed an order
 * in an earlier import.
 */
const bankMatchKindSchema = z.enum(['exact', 'ambiguous', 'unmatched', 'alreadyConfirmed']);
export type BankMatchKind = z.infer<typeof bankMatchKindSchema>;

export const bankProposalSchema = z
  .object({
    deposit: bankDepositResponseSchema,
    kind: bankMatchKindSchema,
    candidates: z.array(bankCandidateSchema),
    /** alreadyConfirmed: the order it confirmed. */
    confirmedOrderNo: textSchema.optional(),
  })
  .meta({ id: 'BankProposal' });
export type BankProposal = z.infer<typeof bankProposalSchema>;

export const bankConfirmResultSchema = z
  .object({
    deposit: bankDepositResponseSchema,
    orderId: textSchema,
    outcome: z.enum(['confirmed', 'alreadyConfirmed', 'refused']),
    orderNo: textSchema.optional(),
    /** refused: why, in Chinese. */
    message: textSchema.optional(),
  })
  .meta({ id: 'BankConfirmResult' });
export type BankConfirmResult = z.infer<typeof bankConfirmResultSchema>;

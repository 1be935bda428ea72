import { z } from 'zod';
import { calendarDateSchema, isoInstantSchema, moneySchema, textSchema } from './common';
import { INVOICE_CORRECTION_KINDS, INVOICE_NUMBER, INVOICE_STATES, INVOICE_TYPES, invoiceCorrectionSchema, issuedInvoiceSchema } from './orders';

// The owner's side of the e-invoices (issue 36; docs/orders.md, "Invoices"): the paid orders of a period
// to issue invoices for, as rows, CSV and an Excel workbook, and the mark of an issued invoice's number.
// The buyer's choice itself is declared with the order (contracts/orders.ts, invoiceInputSchema).

/** Taiwan's business tax (營業稅) on the shop's prices, which include it. */
export const VAT_RATE = 0.05;

/** A tax-inclusive total split as an invoice prints it: the untaxed amount and the tax, whole NT$. */
export function splitVat(total: number): { untaxed: number; tax: number } {
  const untaxed = Math.round(total / (1 + VAT_RATE));
  return { untaxed, tax: total - untaxed };
}

/** The longest period one export covers (a year and a day: any two-month 期 fits many times). */
export const INVOICE_PERIOD_MAX_DAYS = 366;

/** `from`..`to`: Taiwan calendar days, both included, of the payment (the day the order became paid). */
export const invoicePeriodQuerySchema = z
  .object({ from: calendarDateSchema, to: calendarDateSchema })
  .refine((v) => v.from <= v.to, { message: '結束日期不能早於開始日期', path: ['to'] })
  .refine((v) => Date.parse(v.to) - Date.parse(v.from) <= INVOICE_PERIOD_MAX_DAYS * 86_400_000, { message: `一次最多匯出 ${INVOICE_PERIOD_MAX_DAYS} 天`, path: ['to'] });
export type InvoicePeriodQuery = z.infer<typeof invoicePeriodQuerySchema>;

/** One paid order's invoice to issue: what the export's line says. */
export const invoiceRowSchema = z
  .object({
    orderId: textSchema,
    orderNo: textSchema,
    paidAt: isoInstantSchema.meta({ description: 'When the order became paid (its first preparing or shipped status)' }),
    type: z.enum(INVOICE_TYPES),
    carrier: textSchema.meta({ description: 'The mobile or certificate carrier; empty for the others' }),
    loveCode: textSchema.meta({ description: 'The donation code; empty for the others' }),
    buyer: textSchema,
    email: textSchema,
    taxId: textSchema,
    title: textSchema,
    untaxed: moneySchema,
    tax: moneySchema,
    total: moneySchema,
    issuedInvoice: issuedInvoiceSchema.nullable(),
    state: z.enum(INVOICE_STATES).meta({ description: 'notIssued, issued, toCorrect (refunded: void it or give an allowance), voided, allowance' }),
    correction: invoiceCorrectionSchema.nullable(),
  })
  .meta({ id: 'InvoiceRow' });
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;

export const invoiceRowsSchema = z.object({ issuer: textSchema.meta({ description: 'How the invoices are issued (the adapter in functions/src/api/invoices/issuer.ts)' }), rows: z.array(invoiceRowSchema), truncated: z.boolean().meta({ description: 'More paid orders were read than one export holds; narrow the period' }) });
export type InvoiceRows = z.infer<typeof invoiceRowsSchema>;

/** PUT /api/admin/orders/{orderId}/invoice: the issued invoice's number (upper-cased, trimmed). */
export const markInvoiceInputSchema = z.object({
  number: textSchema
    .trim()
    .toUpperCase()
    .regex(INVOICE_NUMBER, '發票號碼格式錯誤：2 個大寫英文字母加 8 位數字（例如 AB12345678）'),
});
export type MarkInvoiceInput = z.infer<typeof markInvoiceInputSchema>;

/** A 折讓單's number as the platforms print them: letters, digits and hyphens. */
const ALLOWANCE_NUMBER = /^[A-Z0-9-]{1,30}$/;

/**
 * PUT /api/admin/orders/{orderId}/invoice/correction: the 作廢 or 折讓 done for a refunded order's issued
 * invoice, on the Taiwan day `date`. A 作廢 voids the invoice itself (its number, which `number` may
 * repeat); a 折讓 needs the 折讓單's number.
 */
export const correctInvoiceInputSchema = z
  .object({
    kind: z.enum(INVOICE_CORRECTION_KINDS, '請選擇作廢或折讓'),
    number: textSchema.trim().toUpperCase().max(30, '號碼最多 30 字').optional().default(''),
    date: calendarDateSchema,
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'allowance' && !ALLOWANCE_NUMBER.test(v.number)) ctx.addIssue({ code: 'custom', path: ['number'], message: v.number ? '折讓單號只能有英文字母、數字和 -' : '請填寫折讓單號' });
    if (v.kind === 'void' && v.number && !INVOICE_NUMBER.test(v.number)) ctx.addIssue({ code: 'custom', path: ['number'], message: '發票號碼格式錯誤：2 個大寫英文字母加 8 位數字' });
  });
export type CorrectInvoiceInput = z.input<typeof correctInvoiceInputSchema>;

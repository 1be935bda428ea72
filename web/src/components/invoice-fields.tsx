import type { UseFormReturn } from 'react-hook-form';
import { CHARITIES, describeInvoice, INVOICE_TYPE_LABELS, INVOICE_TYPES, invoiceInputSchema, type InvoiceType } from '@contracts/orders';
import { fieldProps } from '@/lib/form';
import { Field } from './field';
import './invoice-fields.css';

// The checkout's 發票資訊 (issue 36), shared by the shop's cart and a campaign's group cart: how the
// e-invoice is delivered, and the one field or two the choice asks for. The contract
// (contracts/orders.ts invoiceInputSchema) checks only the chosen type's fields.

/** The form's values of the choice: every field kept (empty where unused), so switching back keeps what was typed. */
export interface InvoiceValues {
  type: InvoiceType;
  carrier: string;
  loveCode: string;
  taxId: string;
  title: string;
}

export const EMPTY_INVOICE: InvoiceValues = { type: 'email', carrier: '', loveCode: '', taxId: '', title: '' };

/** The fields the stepper checks before 訂單確認. */
export const INVOICE_FIELDS = ['invoice.type', 'invoice.carrier', 'invoice.loveCode', 'invoice.taxId', 'invoice.title'] as const;

interface WithInvoice {
  invoice: InvoiceValues;
}

const HINTS: Partial<Record<InvoiceType, string>> = {
  email: '發票開立後寄到您的電子郵件，中獎時我們會通知您。',
  mobile: '發票存入您的手機條碼載具，中獎自動通知、可自動匯款。',
  certificate: '發票存入您的自然人憑證載具。',
};

export function InvoiceFields<V extends WithInvoice>({ form: given }: { form: UseFormReturn<V, unknown, unknown> }) {
  // The values of the choice are named by the same paths in every checkout form.
  const form = given as unknown as UseFormReturn<WithInvoice, unknown, unknown>;
  const type = form.watch('invoice.type');
  const loveCode = form.watch('invoice.loveCode');
  const charity = CHARITIES.some((c) => c.code === loveCode) ? loveCode : '';
  return (
    <>
      <fieldset className="invoice-choice">
        <legend className="field__label">發票開立方式</legend>
        {INVOICE_TYPES.map((t) => (
          <label key={t} className={`invoice-choice__option${t === type ? ' invoice-choice__option--on' : ''}`}>
            <input type="radio" value={t} {...form.register('invoice.type')} />
            <span>{INVOICE_TYPE_LABELS[t]}</span>
          </label>
        ))}
      </fieldset>
      {HINTS[type] && <p className="muted">{HINTS[type]}</p>}
      {type === 'mobile' && (
        <Field label="手機條碼" hint="斜線 / 開頭共 8 碼，例如 /ABC+123" autoCapitalize="characters" autoComplete="off" spellCheck={false} maxLength={8} required {...fieldProps(form, 'invoice.carrier')} />
      )}
      {type === 'certificate' && (
        <Field label="自然人憑證條碼" hint="2 個英文字母加 14 位數字" autoCapitalize="characters" autoComplete="off" spellCheck={false} maxLength={16} required {...fieldProps(form, 'invoice.carrier')} />
      )}
      {type === 'donation' && (
        <>
          <Field label="受贈單位">
            <select value={charity} onChange={(e) => form.setValue('invoice.loveCode', e.target.value, { shouldValidate: true })}>
              <option value="">其他單位（自行填寫愛心碼）</option>
              {CHARITIES.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}（{c.code}）
                </option>
              ))}
            </select>
          </Field>
          <Field label="愛心碼" hint="3 到 7 位數字" inputMode="numeric" autoComplete="off" maxLength={7} required {...fieldProps(form, 'invoice.loveCode')} />
        </>
      )}
      {type === 'company' && (
        <>
          <Field label="統一編號" inputMode="numeric" maxLength={8} required {...fieldProps(form, 'invoice.taxId')} />
          <Field label="發票抬頭" autoComplete="organization" maxLength={100} required {...fieldProps(form, 'invoice.title')} />
        </>
      )}
    </>
  );
}

/** The choice as the confirmation step says it (the contract's words, from the values as typed). */
export function invoiceSummary(v: InvoiceValues): string {
  const parsed = invoiceInputSchema.safeParse(v);
  return parsed.success ? describeInvoice(parsed.data) : INVOICE_TYPE_LABELS[v.type];
}

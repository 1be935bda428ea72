import { correctInvoiceInputSchema, markInvoiceInputSchema } from '@contracts/invoices';
import { INVOICE_CORRECTION_KINDS, INVOICE_CORRECTION_LABELS, INVOICE_STATE_LABELS, INVOICE_TYPE_LABELS, type InvoiceCorrectionKind, type Order } from '@contracts/orders';
import { invoiceStateOf } from '@domain/order';
import { taiwanDay } from '@contracts/format';
import { useState } from 'react';
import { notify } from '@/lib/toast';
import { correctInvoice, markInvoice } from '../api/admin-api';
import { useOwnerAction } from '../lib/use-owner-action';
import { BusyButton, FormErrors } from './ui';

/** The issued invoice's number of one paid order (issue 36): typed after issuing it, shown to the customer. */
export function InvoiceMark({ order, onChange }: { order: Pick<Order, 'orderId' | 'orderNo' | 'issuedInvoice'>; onChange: (o: Order) => void }) {
  const [number, setNumber] = useState(order.issuedInvoice?.number ?? '');
  const [problem, setProblem] = useState('');
  const action = useOwnerAction('發票號碼儲存失敗');
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = markInvoiceInputSchema.safeParse({ number });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? '發票號碼格式錯誤');
    setProblem('');
    void action.run(async () => {
      const next = await markInvoice(order.orderId, parsed.data.number);
      onChange(next);
      setNumber(next.issuedInvoice?.number ?? '');
      notify('success', `訂單 ${next.orderNo} 的發票號碼已記錄`);
    });
  };
  const id = `invoice-no-${order.orderId}`;
  return (
    <form className="admin-invoice-mark" onSubmit={submit} noValidate>
      <label htmlFor={id} className="visually-hidden">
        訂單 {order.orderNo} 的發票號碼
      </label>
      <input
        id={id}
        className="input admin-mono"
        value={number}
        onChange={(e) => setNumber(e.target.value)}
        placeholder="AB12345678"
        maxLength={10}
        autoComplete="off"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
      />
      <BusyButton busy={action.busy} type="submit" className="btn btn--ghost btn--small">
        {order.issuedInvoice ? '更新' : '標記已開立'}
      </BusyButton>
      {problem && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {problem}
        </p>
      )}
      <FormErrors error={action.error} />
    </form>
  );
}

/** In a word, for the order list: the choice, and the number or where the invoice stands. */
const SHORT_TYPE: Record<Order['invoice']['type'], string> = { email: '電子發票', mobile: '手機載具', certificate: '憑證載具', donation: '捐贈', company: '三聯式' };

/** 「手機載具・AB12345678」, 「三聯式・尚未開立」, 「電子發票・AB12345678 待作廢或折讓」: one short line under the order's type. */
export function InvoiceBrief({ order }: { order: Pick<Order, 'invoice' | 'issuedInvoice' | 'invoiceCorrection' | 'status'> }) {
  const state = invoiceStateOf(order);
  return (
    <span className="admin-sub" title={INVOICE_TYPE_LABELS[order.invoice.type]}>
      發票：{SHORT_TYPE[order.invoice.type]}・{order.issuedInvoice ? <span className="admin-mono">{order.issuedInvoice.number}</span> : INVOICE_STATE_LABELS[state]}
      {state === 'toCorrect' || state === 'voided' || state === 'allowance' ? <strong className={state === 'toCorrect' ? 'admin-warn' : undefined}> {INVOICE_STATE_LABELS[state]}</strong> : null}
    </span>
  );
}

/**
 * A refunded order's issued invoice (issue 36): the owner voids it (作廢) or gives an allowance (折讓) on
 * the invoice platform, then records it here; the export and the customer's order page show it.
 */
export function InvoiceCorrectionForm({ order, onChange }: { order: Pick<Order, 'orderId' | 'orderNo' | 'issuedInvoice' | 'invoiceCorrection'>; onChange: (o: Order) => void }) {
  const done = order.invoiceCorrection;
  const [kind, setKind] = useState<InvoiceCorrectionKind>(done?.kind ?? 'void');
  const [number, setNumber] = useState(done?.kind === 'allowance' ? done.number : '');
  const [date, setDate] = useState(() => done?.date ?? taiwanDay(Date.now()));
  const [problem, setProblem] = useState<{ path: string; message: string } | null>(null);
  const action = useOwnerAction('作廢／折讓紀錄儲存失敗');
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = correctInvoiceInputSchema.safeParse({ kind, number: kind === 'allowance' ? number : '', date });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setProblem({ path: String(issue?.path[0] ?? 'number'), message: issue?.message ?? '請檢查填寫的資料' });
    }
    setProblem(null);
    void action.run(async () => {
      const next = await correctInvoice(order.orderId, parsed.data);
      onChange(next);
      notify('success', `訂單 ${next.orderNo} 的發票${INVOICE_CORRECTION_LABELS[parsed.data.kind]}已記錄`);
    });
  };
  const id = `invoice-fix-${order.orderId}`;
  return (
    <form className="admin-invoice-fix" onSubmit={submit} noValidate aria-labelledby={`${id}-legend`}>
      <p id={`${id}-legend`} className={done ? undefined : 'admin-warn'}>
        {done
          ? `發票 ${order.issuedInvoice?.number ?? ''} 已${INVOICE_CORRECTION_LABELS[done.kind]}（${done.kind === 'allowance' ? `折讓單號 ${done.number}，` : ''}${done.date}）。`
          : `此訂單已退款，但發票 ${order.issuedInvoice?.number ?? ''} 已開立：請在發票平台作廢或開立折讓，再於此記錄。`}
      </p>
      <fieldset className="admin-invoice-fix__kind">
        <legend className="visually-hidden">作廢或折讓</legend>
        {INVOICE_CORRECTION_KINDS.map((k) => (
          <label key={k}>
            <input type="radio" name={`${id}-kind`} value={k} checked={kind === k} onChange={() => setKind(k)} /> {INVOICE_CORRECTION_LABELS[k]}
          </label>
        ))}
      </fieldset>
      {kind === 'allowance' ? (
        <label>
          折讓單號
          <input className="input admin-mono" value={number} onChange={(e) => setNumber(e.target.value)} maxLength={30} autoComplete="off" aria-invalid={problem?.path === 'number' ? true : undefined} />
        </label>
      ) : null}
      <label>
        {INVOICE_CORRECTION_LABELS[kind]}日期
        <input className="input" type="date" value={date} onChange={(e) => setDate(e.target.value)} aria-invalid={problem?.path === 'date' ? true : undefined} />
      </label>
      <BusyButton busy={action.busy} type="submit" className="btn btn--primary btn--small">
        {done ? '更新紀錄' : `記錄${INVOICE_CORRECTION_LABELS[kind]}`}
      </BusyButton>
      {problem && (
        <p className="field__error" role="alert">
          {problem.message}
        </p>
      )}
      <FormErrors error={action.error} />
    </form>
  );
}

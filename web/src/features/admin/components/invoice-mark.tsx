import { markInvoiceInputSchema } from '@contracts/invoices';
import type { Order } from '@contracts/orders';
import { useState } from 'react';
import { notify } from '@/lib/toast';
import { markInvoice } from '../api/admin-api';
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

import { useState } from 'react';
import { z } from 'zod';
import { emailSchema, phoneSchema } from '@contracts/common';
import { describeError } from '@contracts/errors';
import { describeIssuedInvoice } from '@domain/order';
import { describeInvoice, orderNoSchema, type OrderLookupInput, type OrderSummary } from '@contracts/orders';
import { awaitsFormation, awaitsPayment } from '@domain/order';
import { BankDetails } from '@/components/bank-details';
import { FormationNote } from '@/components/formation-note';
import { Field, FormAlert } from '@/components/field';
import { EmailSuggestion } from '@/components/email-suggestion';
import { OrderItemsTable } from '@/components/order-items-table';
import { isApiError } from '@/lib/api-client';
import { fieldProps, useSchemaForm } from '@/lib/form';
import { formatDateTime } from '@contracts/format';
import { useShopSettings } from '@/lib/shop-settings';
import { lookupOrder, lookupSetBankDigits } from '../api';
import { BankDigitsForm } from './bank-digits-form';
import { OrderStatusBadge } from '@/components/order-status-badge';
import '../orders.css';

// The API's lookup body (orderLookupInputSchema) is a union of {orderNo, email} and {orderNo, phone};
// the form says which with `by`, so each field's error stands beside that field.
const lookupFormSchema = z.discriminatedUnion('by', [
  z.object({ by: z.literal('email'), orderNo: orderNoSchema, email: emailSchema }),
  z.object({ by: z.literal('phone'), orderNo: orderNoSchema, phone: phoneSchema }),
]);

const GUEST_INTRO = '請輸入訂單號碼，以及訂購時填寫的電子郵件或電話。會員登入後可直接查看所有訂單。';

/**
 * 訂單查詢 by order number plus the email or phone given with the order: a guest's, or a member's for an
 * order not in their account (placed before they signed in), with its own title and line.
 */
export function LookupForm({ initialOrderNo = '', title = '非會員查詢', intro = GUEST_INTRO }: { initialOrderNo?: string; title?: string; intro?: string }) {
  const form = useSchemaForm<{ by: 'email' | 'phone'; orderNo: string; email: string; phone: string }, z.output<typeof lookupFormSchema>>(lookupFormSchema, {
    by: 'email',
    orderNo: initialOrderNo.slice(0, 40),
    email: '',
    phone: '',
  });
  const by = form.watch('by');
  const busy = form.formState.isSubmitting;
  const [problem, setProblem] = useState<string | null>(null);
  const [found, setFound] = useState<OrderSummary | null>(null);
  // The proof the order was found with: the bank digits are saved with it, never with anything else.
  const [proof, setProof] = useState<OrderLookupInput | null>(null);

  const submit = form.handleSubmit(async (input) => {
    setProblem(null);
    setFound(null);
    try {
      const asked: OrderLookupInput = input.by === 'email' ? { orderNo: input.orderNo, email: input.email } : { orderNo: input.orderNo, phone: input.phone };
      setFound(await lookupOrder(asked));
      setProof(asked);
    } catch (err) {
      if (isApiError(err) && err.statusCode === 404) setProblem('查無此訂單，請確認訂單號碼與聯絡資料是否正確。');
      else setProblem(isApiError(err) ? describeError(err.statusCode, err.statusMessage) : '查詢失敗，請稍後再試');
    }
  });

  return (
    <section aria-labelledby="lookup-title" className="lookup">
      <h2 id="lookup-title" className="orders__heading">
        {title}
      </h2>
      <p className="muted">{intro}</p>
      {/* Without JavaScript the form is sent as a POST (nothing typed in the URL) and comes back empty. */}
      <noscript>
        <p className="muted">查詢訂單需要啟用 JavaScript。</p>
      </noscript>
      <form className="form lookup__form" method="post" noValidate onSubmit={(e) => void submit(e)}>
        <Field id="lookup-orderNo" label="訂單號碼" placeholder="例如 QY260315AB3K" hint="舊網站的 15 位數字訂單號碼也可以查詢" autoCapitalize="characters" maxLength={20} {...fieldProps(form, 'orderNo')} />
        <fieldset className="lookup__by">
          <legend className="field__label">以何種資料查詢</legend>
          {/* defaultChecked: the first HTML (rendered by the ssr function) shows the choice before the form is live. */}
          {(['email', 'phone'] as const).map((how) => (
            <label key={how} className="lookup__radio">
              <input type="radio" value={how} defaultChecked={how === 'email'} {...form.register('by')} />
              {how === 'email' ? '電子郵件' : '電話'}
            </label>
          ))}
        </fieldset>
        {by === 'email' ? (
          <>
            <Field key="email" id="lookup-contact" label="電子郵件" type="email" inputMode="email" autoComplete="email" maxLength={254} {...fieldProps(form, 'email')} />
            <EmailSuggestion value={form.watch('email')} onAccept={(email) => form.setValue('email', email, { shouldValidate: true })} />
          </>
        ) : (
          <Field key="phone" id="lookup-contact" label="電話" type="tel" inputMode="tel" autoComplete="tel" maxLength={254} {...fieldProps(form, 'phone')} />
        )}
        <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy}>
          {busy ? '查詢中…' : '查詢訂單'}
        </button>
      </form>
      <FormAlert>{problem}</FormAlert>
      {found && proof && <FoundOrder found={found} proof={proof} onChange={setFound} />}
    </section>
  );
}

/** The order found: its status, lines and parcel; unpaid, the bank details and the digits to give. */
function FoundOrder({ found, proof, onChange }: { found: OrderSummary; proof: OrderLookupInput; onChange: (o: OrderSummary) => void }) {
  const settings = useShopSettings();
  return (
    <article className="panel" aria-labelledby="lookup-result-title">
      <h3 id="lookup-result-title">
        訂單 <span className="order-no">{found.orderNo}</span>
      </h3>
      <p>
        訂單狀態：<OrderStatusBadge status={found.status} />
      </p>
      <p className="muted">
        訂單日期 {formatDateTime(found.createdAt)}
        {awaitsPayment(found) && found.paymentDueAt && <>，請於 {formatDateTime(found.paymentDueAt)} 前完成匯款</>}
      </p>
      <p>
        {found.pickup ? (
          <>
            取貨方式：自取，{found.pickup.name}（{found.pickup.address}
            {found.pickup.hours ? `，${found.pickup.hours}` : ''}）
          </>
        ) : (
          <>取貨方式：郵寄到訂購時填寫的地址</>
        )}
      </p>
      <OrderItemsTable items={found.items} itemsTotal={found.itemsTotal} shippingFee={found.shippingFee} totalPrice={found.totalPrice} />
      <dl className="facts">
        <dt>發票</dt>
        <dd>{describeInvoice(found.invoice)}</dd>
        <dt>發票號碼</dt>
        <dd>{describeIssuedInvoice(found)}</dd>
      </dl>
      {found.delivery?.trackingNo && (
        <p>
          物流：{found.delivery.company} {found.delivery.trackingNo}
        </p>
      )}
      {awaitsFormation(found) && <FormationNote paymentDueDays={settings?.paymentDueDays} headingLevel={3} />}
      {awaitsPayment(found) && settings && (
        <BankDetails settings={settings} amount={found.totalPrice} dueAt={found.paymentDueAt ?? undefined}>
          <BankDigitsForm given={found.bankDigitsGiven} save={async (bankAccountNo) => onChange(await lookupSetBankDigits({ ...proof, bankAccountNo }))} />
        </BankDetails>
      )}
    </article>
  );
}

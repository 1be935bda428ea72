import { useState } from 'react';
import { emailSchema, phoneSchema } from '@contracts/common';
import { describeError } from '@contracts/errors';
import { orderLookupInputSchema, orderNoSchema, type OrderSummary } from '@contracts/orders';
import { isApiError } from '@/lib/api-client';
import { OrderItemsTable } from '@/components/order-items-table';
import { formatDateTime } from '@contracts/format';
import { lookupOrder } from '../api';
import { StatusBadge } from './order-parts';
import { Field } from '@/components/field';
import '../orders.css';

type By = 'email' | 'phone';

/** 訂單查詢 without login: order number plus the email or phone given with the order. */
export function LookupForm({ initialOrderNo = '' }: { initialOrderNo?: string }) {
  const [orderNo, setOrderNo] = useState(initialOrderNo.slice(0, 40));
  const [by, setBy] = useState<By>('email');
  const [contact, setContact] = useState('');
  const [errors, setErrors] = useState<{ orderNo?: string | null; contact?: string | null }>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [found, setFound] = useState<OrderSummary | null>(null);

  const checkNo = (v: string) => {
    const r = orderNoSchema.safeParse(v);
    return r.success ? null : (r.error.issues[0]?.message ?? '格式錯誤');
  };
  const checkContact = (v: string, how: By = by) => {
    const r = (how === 'email' ? emailSchema : phoneSchema).safeParse(v);
    return r.success ? null : (r.error.issues[0]?.message ?? '格式錯誤');
  };

  const submit = async () => {
    const e = { orderNo: checkNo(orderNo), contact: checkContact(contact) };
    setErrors(e);
    if (e.orderNo || e.contact) return;
    const parsed = orderLookupInputSchema.safeParse(by === 'email' ? { orderNo, email: contact } : { orderNo, phone: contact });
    if (!parsed.success) return;
    setBusy(true);
    setProblem(null);
    setFound(null);
    try {
      setFound(await lookupOrder(parsed.data));
    } catch (err) {
      if (isApiError(err) && err.statusCode === 404) setProblem('查無此訂單，請確認訂單號碼與聯絡資料是否正確。');
      else setProblem(isApiError(err) ? describeError(err.statusCode, err.statusMessage) : '查詢失敗，請稍後再試');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="lookup-title" className="lookup">
      <h2 id="lookup-title" className="orders__heading">
        非會員查詢
      </h2>
      <p className="muted">請輸入訂單號碼，以及訂購時填寫的電子郵件或電話。會員登入後可直接查看所有訂單。</p>
      <form
        className="form lookup__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field
          id="lookup-orderNo"
          label="訂單號碼"
          value={orderNo}
          placeholder="例如 QY260315AB3K"
          autoCapitalize="characters"
          maxLength={20}
          error={errors.orderNo ?? undefined}
          onChange={(e) => {
            setOrderNo(e.target.value);
            setErrors((o) => ({ ...o, orderNo: checkNo(e.target.value) }));
          }}
        />
        <fieldset className="lookup__by">
          <legend className="field__label">以何種資料查詢</legend>
          {(['email', 'phone'] as const).map((how) => (
            <label key={how} className="lookup__radio">
              <input
                type="radio"
                name="lookup-by"
                value={how}
                checked={by === how}
                onChange={() => {
                  setBy(how);
                  setErrors((o) => ({ ...o, contact: contact ? checkContact(contact, how) : null }));
                }}
              />
              {how === 'email' ? '電子郵件' : '電話'}
            </label>
          ))}
        </fieldset>
        <Field
          id="lookup-contact"
          label={by === 'email' ? '電子郵件' : '電話'}
          type={by === 'email' ? 'email' : 'tel'}
          inputMode={by === 'email' ? 'email' : 'tel'}
          autoComplete={by === 'email' ? 'email' : 'tel'}
          value={contact}
          maxLength={254}
          error={errors.contact ?? undefined}
          onChange={(e) => {
            setContact(e.target.value);
            setErrors((o) => ({ ...o, contact: checkContact(e.target.value) }));
          }}
        />
        <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy}>
          {busy ? '查詢中…' : '查詢訂單'}
        </button>
      </form>
      {problem && (
        <p className="order-error" role="alert">
          {problem}
        </p>
      )}
      {found && (
        <article className="order-card" aria-labelledby="lookup-result-title">
          <h3 id="lookup-result-title">
            訂單 <span className="order-no">{found.orderNo}</span>
          </h3>
          <p>
            訂單狀態：<StatusBadge status={found.status} />
          </p>
          <p className="muted">
            訂單日期 {formatDateTime(found.createdAt)}
            {found.status === 'awaitingPayment' && <>，請於 {formatDateTime(found.paymentDueAt)} 前完成匯款</>}
          </p>
          <OrderItemsTable items={found.items} itemsTotal={found.itemsTotal} shippingFee={found.shippingFee} totalPrice={found.totalPrice} />
          {found.delivery?.trackingNo && (
            <p>
              物流：{found.delivery.company} {found.delivery.trackingNo}
            </p>
          )}
        </article>
      )}
    </section>
  );
}

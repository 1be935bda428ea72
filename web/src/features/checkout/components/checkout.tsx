import { useQueryClient } from '@tanstack/react-query';
import { invalidateAfterOrder } from '@/lib/data/queries';
import { useEffect, useRef, useState } from 'react';
import { bankAccountNoSchema, phoneSchema, taxIdSchema } from '@contracts/common';
import { describeError } from '@contracts/errors';
import { orderContactSchema, placeOrderInputSchema, type Order } from '@contracts/orders';
import type { z } from 'zod';
import { isApiError } from '@/lib/api-client';
import { formatMoney } from '@contracts/format';
import { getSession, refreshIdToken, setSession } from '@/lib/session';
import { useShopSettings } from '@/lib/shop-settings';
import { notify } from '@/lib/toast';
import { useSession } from '@/lib/use-session';
import { checkoutOrderId, forgetCheckoutOrderId, getUserData, newOrderId, placeOrder, sendEmailVerify } from '../api';
import '@/components/form-field.css';
import '../checkout.css';

export interface CheckoutLine {
  productId: string;
  name: string;
  qty: number;
  /** Shown for confirmation; the server prices the order itself. */
  unitPrice: number;
}

export interface CheckoutProps {
  lines: CheckoutLine[];
  /** False while a line exceeds the stock or the cart is empty. */
  ready: boolean;
  onPlaced: (order: Order) => void;
}

type FieldName = 'receiver.name' | 'receiver.address' | 'phone' | 'bankAccountNo' | 'invoiceTitle' | 'taxId' | 'remark';
type Values = Record<FieldName, string>;

const receiver = orderContactSchema.shape.receiver.shape;
// The server's own rules, field by field, so the form speaks as soon as the user types.
const RULES: Record<FieldName, z.ZodType> = {
  'receiver.name': receiver.name,
  'receiver.address': receiver.address,
  phone: phoneSchema,
  bankAccountNo: bankAccountNoSchema,
  invoiceTitle: orderContactSchema.shape.invoiceTitle,
  taxId: taxIdSchema,
  remark: orderContactSchema.shape.remark,
};

const STEPS = ['訂購人資訊', '發票資訊', '訂單確認', '訂單送出'] as const;
const STEP_FIELDS: FieldName[][] = [['receiver.name', 'receiver.address', 'phone', 'bankAccountNo'], ['invoiceTitle', 'taxId', 'remark'], []];

function check(name: FieldName, value: string): string | null {
  const r = RULES[name].safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? '格式錯誤');
}

function toInput(v: Values, lines: CheckoutLine[]) {
  return {
    items: lines.map((l) => ({ productId: l.productId, qty: l.qty })),
    receiver: { name: v['receiver.name'], address: v['receiver.address'] },
    phone: v.phone,
    bankAccountNo: v.bankAccountNo,
    taxId: v.taxId,
    invoiceTitle: v.invoiceTitle,
    remark: v.remark,
  };
}

function Field({
  name,
  label,
  hint,
  values,
  errors,
  onChange,
  onBlur,
  multiline,
  inputMode,
  autoComplete,
  maxLength,
  required,
}: {
  name: FieldName;
  label: string;
  hint?: string;
  values: Values;
  errors: Partial<Record<FieldName, string | null>>;
  onChange: (n: FieldName, v: string) => void;
  onBlur: (n: FieldName) => void;
  multiline?: boolean;
  inputMode?: 'numeric' | 'tel' | 'text';
  autoComplete?: string;
  maxLength?: number;
  required?: boolean;
}) {
  const id = `checkout-${name.replace('.', '-')}`;
  const error = errors[name];
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    value: values[name],
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': required || undefined,
    onBlur: () => onBlur(name),
    maxLength,
  };
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {required ? <span className="field__req"> *</span> : <span className="muted">（選填）</span>}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(e) => onChange(name, e.target.value)} />
      ) : (
        <input {...common} type="text" inputMode={inputMode} autoComplete={autoComplete} onChange={(e) => onChange(name, e.target.value)} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

function VerifyEmailGate() {
  const session = useSession();
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);
  const [sent, setSent] = useState(false);
  if (!session) return null;
  const send = async () => {
    setSending(true);
    try {
      await sendEmailVerify(session.idToken);
      setSent(true);
      notify('success', `驗證信已寄到 ${session.email}`);
    } catch (e) {
      notify('error', isApiError(e) ? describeError(e.statusCode, e.statusMessage) : '寄送失敗，請稍後再試');
    } finally {
      setSending(false);
    }
  };
  const recheck = async () => {
    setChecking(true);
    try {
      // The link may have been opened on another device: this page's ID token still says
      // "unverified", and the server reads the token. A fresh token carries the new state.
      await refreshIdToken();
      const fresh = getSession() ?? session;
      const verified = fresh.emailVerified || (await getUserData(fresh.idToken)).users?.[0]?.emailVerified === true;
      if (verified) {
        if (!fresh.emailVerified) setSession({ ...fresh, emailVerified: true });
        notify('success', '電子郵件已完成驗證');
      } else notify('warning', '尚未完成驗證，請點擊信中的連結');
    } catch (e) {
      notify('error', isApiError(e) ? describeError(e.statusCode, e.statusMessage) : '查詢失敗，請稍後再試');
    } finally {
      setChecking(false);
    }
  };
  return (
    <section className="checkout__gate" aria-labelledby="verify-title">
      <h2 id="verify-title">請先驗證電子郵件</h2>
      <p>
        為了寄送訂單與匯款通知，結帳前需要先驗證您的電子郵件 <strong>{session.email}</strong>。
      </p>
      {sent && <p role="status">驗證信已寄出，請至信箱點擊連結，完成後按「我已完成驗證」。</p>}
      <div className="checkout__actions">
        <button type="button" className="btn btn--primary" onClick={() => void send()} disabled={sending}>
          {sending ? '寄送中…' : sent ? '重新寄送驗證信' : '寄送驗證信'}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => void recheck()} disabled={checking}>
          {checking ? '確認中…' : '我已完成驗證'}
        </button>
      </div>
    </section>
  );
}

/** 訂購人資訊 → 發票資訊 → 訂單確認 → 訂單送出, after a verified email. */
export function Checkout({ lines, ready, onPlaced }: CheckoutProps) {
  const queryClient = useQueryClient();
  const session = useSession();
  const settings = useShopSettings();
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<Values>(() => ({
    'receiver.name': session?.name ?? '',
    'receiver.address': '',
    phone: '',
    bankAccountNo: '',
    invoiceTitle: '',
    taxId: '',
    remark: '',
  }));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string | null>>>({});
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Made once per checkout: every retry and double click of 訂單送出 sends the same id.
  const [orderId, setOrderId] = useState(checkoutOrderId);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);

  if (!session) return null;
  if (!session.emailVerified) return <VerifyEmailGate />;

  const onChange = (n: FieldName, v: string) => {
    setValues((old) => ({ ...old, [n]: v }));
    setErrors((old) => ({ ...old, [n]: check(n, v) }));
    setTouched((old) => ({ ...old, [n]: true }));
  };
  const onBlur = (n: FieldName) => {
    setTouched((old) => ({ ...old, [n]: true }));
    setErrors((old) => ({ ...old, [n]: check(n, values[n]) }));
  };
  const shown = Object.fromEntries(Object.entries(errors).filter(([k]) => touched[k as FieldName])) as typeof errors;

  const next = () => {
    const fields = STEP_FIELDS[step] ?? [];
    const found = Object.fromEntries(fields.map((f) => [f, check(f, values[f])]));
    setErrors((old) => ({ ...old, ...found }));
    setTouched((old) => ({ ...old, ...Object.fromEntries(fields.map((f) => [f, true])) }));
    const firstBad = fields.find((f) => found[f]);
    if (firstBad) {
      document.getElementById(`checkout-${firstBad.replace('.', '-')}`)?.focus();
      return;
    }
    setStep((s) => s + 1);
  };

  const submit = async () => {
    if (submitting) return;
    setProblem(null);
    const parsed = placeOrderInputSchema.safeParse(toInput(values, lines));
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? '請檢查填寫的資料');
      return;
    }
    setSubmitting(true);
    try {
      const order = await placeOrder(session.userId, orderId, parsed.data);
      forgetCheckoutOrderId();
      invalidateAfterOrder(queryClient);
      onPlaced(order);
    } catch (e) {
      if (!isApiError(e)) {
        setProblem('送出失敗，請稍後再試');
        return;
      }
      const text = describeError(e.statusCode, e.statusMessage);
      const detail = e.details?.map((d) => d.message).join('、');
      setProblem(detail ? `${text}：${detail}` : text);
      notify('error', text);
      if (e.statusMessage === 'ORDER_CONFLICT') {
        forgetCheckoutOrderId();
        setOrderId(newOrderId());
      }
    } finally {
      setSubmitting(false);
    }
  };

  const itemsTotal = lines.reduce((n, l) => n + l.unitPrice * l.qty, 0);
  const shippingFee = settings && !settings.shipping.freeWithinTaiwan ? settings.shipping.fee : 0;
  const fieldProps = { values, errors: shown, onChange, onBlur };

  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <h2 id="checkout-title" className="visually-hidden">
        結帳
      </h2>
      <ol className="checkout-steps" aria-label="結帳步驟">
        {STEPS.map((label, i) => (
          <li
            key={label}
            className={`checkout-steps__item${i === step ? ' checkout-steps__item--current' : ''}${i < step ? ' checkout-steps__item--done' : ''}`}
            aria-current={i === step ? 'step' : undefined}
            data-state={i === step ? 'current' : i < step ? 'done' : 'todo'}
          >
            <span className="checkout-steps__num" aria-hidden="true">
              {i < step ? '✓' : i + 1}
            </span>
            <span className="checkout-steps__label">{label}</span>
            {i < step && <span className="visually-hidden">（已完成）</span>}
          </li>
        ))}
      </ol>

      {step === 0 && (
        <form
          className="checkout__form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            next();
          }}
        >
          <h3 ref={headingRef} tabIndex={-1}>
            訂購人資訊
          </h3>
          <Field name="receiver.name" label="收件人姓名" autoComplete="name" maxLength={50} required {...fieldProps} />
          <Field name="receiver.address" label="收件地址" autoComplete="street-address" maxLength={200} required {...fieldProps} />
          <Field name="phone" label="聯絡電話" inputMode="tel" autoComplete="tel" maxLength={30} required {...fieldProps} />
          <Field
            name="bankAccountNo"
            label="匯款帳號末 5 碼"
            hint="方便我們核對您的匯款；尚未匯款可先填 00000。"
            inputMode="numeric"
            maxLength={5}
            required
            {...fieldProps}
          />
          <div className="checkout__actions">
            <button type="submit" className="btn btn--primary">
              下一步：發票資訊
            </button>
          </div>
        </form>
      )}

      {step === 1 && (
        <form
          className="checkout__form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            next();
          }}
        >
          <h3 ref={headingRef} tabIndex={-1}>
            發票資訊
          </h3>
          <p className="muted">需要公司報帳請填寫發票抬頭與統一編號，個人購買可留白。</p>
          <Field name="invoiceTitle" label="發票抬頭" autoComplete="organization" maxLength={100} {...fieldProps} />
          <Field name="taxId" label="統一編號" inputMode="numeric" maxLength={8} {...fieldProps} />
          <Field name="remark" label="備註" multiline maxLength={500} {...fieldProps} />
          <div className="checkout__actions">
            <button type="button" className="btn btn--ghost" onClick={() => setStep(0)}>
              上一步
            </button>
            <button type="submit" className="btn btn--primary">
              下一步：訂單確認
            </button>
          </div>
        </form>
      )}

      {step === 2 && (
        <div className="checkout__form">
          <h3 ref={headingRef} tabIndex={-1}>
            訂單確認
          </h3>
          <table className="checkout__table">
            <caption className="visually-hidden">訂購內容</caption>
            <thead>
              <tr>
                <th scope="col">書名</th>
                <th scope="col">數量</th>
                <th scope="col">小計</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <tr key={l.productId}>
                  <td>{l.name}</td>
                  <td>{l.qty}</td>
                  <td>{formatMoney(l.unitPrice * l.qty)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  運費
                </th>
                <td>{shippingFee === 0 ? '免運' : formatMoney(shippingFee)}</td>
              </tr>
              <tr>
                <th scope="row" colSpan={2}>
                  應付總額
                </th>
                <td>
                  <strong>{formatMoney(itemsTotal + shippingFee)}</strong>
                </td>
              </tr>
            </tfoot>
          </table>
          <dl className="checkout__summary">
            <dt>收件人</dt>
            <dd>{values['receiver.name']}</dd>
            <dt>收件地址</dt>
            <dd>{values['receiver.address']}</dd>
            <dt>聯絡電話</dt>
            <dd>{values.phone}</dd>
            <dt>匯款帳號末 5 碼</dt>
            <dd>{values.bankAccountNo}</dd>
            {values.invoiceTitle && (
              <>
                <dt>發票抬頭</dt>
                <dd>{values.invoiceTitle}</dd>
              </>
            )}
            {values.taxId && (
              <>
                <dt>統一編號</dt>
                <dd>{values.taxId}</dd>
              </>
            )}
            {values.remark && (
              <>
                <dt>備註</dt>
                <dd>{values.remark}</dd>
              </>
            )}
          </dl>
          <p className="muted">
            送出後請於 {settings?.paymentDueDays ?? 3} 天內完成匯款，逾期訂單將自動取消；確切期限會顯示在下一頁並寄到您的信箱。
          </p>
          {problem && (
            <p className="checkout__problem" role="alert">
              {problem}
            </p>
          )}
          <div className="checkout__actions">
            <button type="button" className="btn btn--ghost" onClick={() => setStep(1)} disabled={submitting}>
              上一步
            </button>
            <button type="button" className="btn btn--primary" onClick={() => void submit()} disabled={submitting || !ready} aria-busy={submitting}>
              {submitting ? (
                <>
                  <span className="spinner__dot" aria-hidden="true" />
                  送出中…
                </>
              ) : (
                '訂單送出'
              )}
            </button>
          </div>
          {!ready && <p className="checkout__problem">購物車內有商品數量超過庫存，請先調整。</p>}
        </div>
      )}
    </section>
  );
}

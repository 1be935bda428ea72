import { describeError } from '@contracts/errors';
import type { GroupPlanView } from '@contracts/group-buying';
import { placeGroupOrderInputSchema, type PlaceGroupOrderInput } from '@contracts/orders';
import { useId, useMemo, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { formatMoney } from '@contracts/format';
import { useSession } from '@/lib/use-session';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateAfterOrder } from '@/lib/data/queries';
import { groupOrderQuery, placeGroupOrder } from '../api/group-order';
import { checkoutOrderId, finishCheckout, useGroupCart } from '../group-cart-store';
import { CartLines, priceLines } from './cart-lines';

const STEPS = ['訂購人資訊', '發票資訊', '訂單確認', '訂單送出'] as const;

interface FormState {
  buyer: string;
  email: string;
  phone: string;
  receiverName: string;
  address: string;
  bankAccountNo: string;
  invoiceTitle: string;
  taxId: string;
  remark: string;
}
type Field = keyof FormState;

/** Field -> its path in placeGroupOrderInputSchema. */
const PATHS: Record<Field, string> = {
  buyer: 'buyer',
  email: 'email',
  phone: 'phone',
  receiverName: 'receiver.name',
  address: 'receiver.address',
  bankAccountNo: 'bankAccountNo',
  invoiceTitle: 'invoiceTitle',
  taxId: 'taxId',
  remark: 'remark',
};
const STEP_FIELDS: Field[][] = [['buyer', 'email', 'phone', 'receiverName', 'address', 'bankAccountNo', 'remark'], ['invoiceTitle', 'taxId']];

/** `pickup`: a pickup point's id, or '' for postal delivery (then the address is needed). */
function toInput(f: FormState, items: { productId: string; qty: number }[], pickup: string) {
  return {
    items,
    buyer: f.buyer,
    email: f.email,
    phone: f.phone,
    receiver: { name: f.receiverName, address: pickup ? '' : f.address },
    ...(pickup ? { pickupPointId: pickup } : {}),
    bankAccountNo: f.bankAccountNo,
    invoiceTitle: f.invoiceTitle,
    taxId: f.taxId,
    remark: f.remark,
  };
}

interface Props {
  plan: GroupPlanView;
  /** The landing pages show the form under the books; the cart page edits the lines itself. */
  embedded?: boolean;
}

/** The group checkout: no login, the shop's steps 訂購人資訊 → 發票資訊 → 訂單確認 → 訂單送出. */
export function GroupCheckout({ plan, embedded = false }: Props) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cartLines = useGroupCart(plan.planId);
  const lines = useMemo(() => priceLines(cartLines, plan.products), [cartLines, plan.products]);
  const [step, setStep] = useState(0);
  const [form, setForm] = useState<FormState>(() => ({
    buyer: session?.name ?? '',
    email: session?.email ?? '',
    phone: '',
    receiverName: session?.name ?? '',
    address: '',
    bankAccountNo: '',
    invoiceTitle: '',
    taxId: '',
    remark: '',
  }));
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  // Postal delivery when the plan offers it, else its first pickup point.
  const [pickup, setPickup] = useState(() => (plan.postalDelivery || !plan.pickupPoints.length ? '' : plan.pickupPoints[0]!.id));
  const pickupPoint = plan.pickupPoints.find((p) => p.id === pickup) ?? null;
  // The recipient follows the buyer's name until the recipient field itself is edited.
  const [receiverEdited, setReceiverEdited] = useState(false);
  const [submitError, setSubmitError] = useState<ReactNode>(null);
  const [submitting, setSubmitting] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formId = useId();

  const items = lines.map((l) => ({ productId: l.product.productId, qty: l.qty }));
  const parsed = placeGroupOrderInputSchema.safeParse(toInput(form, items, pickup));
  const errors = new Map<string, string>();
  if (!parsed.success) for (const i of parsed.error.issues) errors.set(i.path.join('.'), errors.get(i.path.join('.')) ?? i.message);
  const errorOf = (f: Field) => (touched[f] ? errors.get(PATHS[f]) : undefined);
  const total = lines.reduce((n, l) => n + l.total, 0);

  const set = (f: Field) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = e.target.value;
    if (f === 'receiverName') setReceiverEdited(true);
    setForm((prev) => ({ ...prev, [f]: value, ...(f === 'buyer' && !receiverEdited ? { receiverName: value } : {}) }));
    if (value !== '') setTouched((t) => (t[f] ? t : { ...t, [f]: true }));
  };
  const blur = (f: Field) => () => setTouched((t) => (t[f] ? t : { ...t, [f]: true }));

  const goTo = (n: number) => {
    setStep(n);
    setSubmitError(null);
    requestAnimationFrame(() => headingRef.current?.focus());
  };
  const next = () => {
    const fields = STEP_FIELDS[step] ?? [];
    setTouched((t) => ({ ...t, ...Object.fromEntries(fields.map((f) => [f, true])) }));
    const bad = fields.find((f) => errors.has(PATHS[f]) && !(f === 'address' && pickup));
    if (bad) {
      document.getElementById(`${formId}-${bad}`)?.focus();
      return;
    }
    goTo(step + 1);
  };

  const submit = async () => {
    if (!parsed.success) {
      setSubmitError('請檢查填寫的資料');
      return;
    }
    setSubmitting(true);
    setSubmitError(null);
    setStep(3);
    const orderId = checkoutOrderId(plan.planId);
    try {
      const order = await placeGroupOrder(plan.planId, orderId, parsed.data as PlaceGroupOrderInput);
      finishCheckout(plan.planId);
      // The success page shows this order without asking again; stock and progress have moved.
      queryClient.setQueryData(groupOrderQuery(plan.planId, order.orderId).queryKey, order);
      invalidateAfterOrder(queryClient, plan.planId);
      void navigate(`/ezbuy/success?planId=${encodeURIComponent(plan.planId)}&orderId=${encodeURIComponent(order.orderId)}`);
    } catch (err) {
      setSubmitting(false);
      setStep(2);
      if (isApiError(err)) {
        if (err.statusMessage === 'ORDER_CONFLICT') sessionStorage.removeItem(`groupCheckout:${plan.planId}`);
        setSubmitError(
          <>
            <strong>{describeError(err.statusCode, err.statusMessage)}</strong>
            {err.details?.length ? (
              <ul>
                {err.details.map((d) => (
                  <li key={d.path + d.message}>{d.message}</li>
                ))}
              </ul>
            ) : null}
          </>,
        );
      } else {
        setSubmitError('訂單送出失敗，請稍後再試');
      }
      requestAnimationFrame(() => headingRef.current?.focus());
    }
  };

  if (!plan.isOpen) return <p className="gb-closed-note">本團購活動已截止，無法再下單。</p>;

  if (lines.length === 0 && step < 3) {
    return (
      <div className="gb-empty">
        <p>購物車還是空的，請先選擇書籍與數量。</p>
        {!embedded && (
          <Link className="btn btn--primary" to={`/ezbuy/${plan.planId}`}>
            返回訂購頁
          </Link>
        )}
      </div>
    );
  }

  const field = (f: Field, label: string, opts: { type?: string; autoComplete?: string; inputMode?: 'numeric' | 'email' | 'tel'; hint?: string; required?: boolean; textarea?: boolean; maxLength?: number } = {}) => {
    const id = `${formId}-${f}`;
    const err = errorOf(f);
    const describedBy = [opts.hint ? `${id}-hint` : '', err ? `${id}-err` : ''].filter(Boolean).join(' ') || undefined;
    const common = {
      id,
      name: f,
      value: form[f],
      onChange: set(f),
      onBlur: blur(f),
      'aria-invalid': err ? true : undefined,
      'aria-describedby': describedBy,
      'aria-required': opts.required ?? true,
      maxLength: opts.maxLength,
    };
    return (
      <div className={`gb-field${err ? ' gb-field--error' : ''}`}>
        <label htmlFor={id}>
          {label}
          {(opts.required ?? true) ? <span className="gb-field__req"> *</span> : <span className="gb-field__opt">（選填）</span>}
        </label>
        {opts.textarea ? <textarea rows={3} {...common} /> : <input type={opts.type ?? 'text'} autoComplete={opts.autoComplete} inputMode={opts.inputMode} {...common} />}
        {opts.hint && (
          <p id={`${id}-hint`} className="gb-field__hint">
            {opts.hint}
          </p>
        )}
        {err && (
          <p id={`${id}-err`} className="gb-field__error" role="alert">
            {err}
          </p>
        )}
      </div>
    );
  };

  return (
    <section className="gb-checkout" aria-labelledby={`${formId}-title`}>
      <ol className="gb-steps" aria-label="結帳步驟">
        {STEPS.map((s, i) => (
          <li key={s} className={i === step ? 'is-current' : i < step ? 'is-done' : ''} aria-current={i === step ? 'step' : undefined}>
            <span className="gb-steps__n">{i + 1}</span> {s}
          </li>
        ))}
      </ol>

      {step === 0 && <CartLines planId={plan.planId} lines={lines} editable />}

      <h2 id={`${formId}-title`} ref={headingRef} tabIndex={-1} className="gb-checkout__title">
        {STEPS[step]}
      </h2>

      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (step < 2) next();
          else if (step === 2 && !submitting) void submit();
        }}
      >
        {step === 0 && (
          <div className="gb-fields">
            {field('buyer', '訂購人姓名', { autoComplete: 'name', maxLength: 50 })}
            {field('email', '電子郵件', { type: 'email', autoComplete: 'email', inputMode: 'email', hint: '訂單確認信與匯款資訊會寄到這個信箱' })}
            {field('phone', '聯絡電話', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
            {field('receiverName', '收件人姓名', { autoComplete: 'shipping name', maxLength: 50 })}
            {plan.pickupPoints.length > 0 && (
              <fieldset className="gb-pickup">
                <legend>
                  取貨方式<span className="gb-field__req"> *</span>
                </legend>
                {plan.pickupPoints.map((p) => (
                  <label key={p.id} className="gb-pickup__option">
                    <input type="radio" name="pickup" value={p.id} checked={pickup === p.id} onChange={() => setPickup(p.id)} />
                    <span>
                      <strong>{p.name}</strong>
                      <span className="gb-pickup__detail">
                        {p.address}
                        {p.hours ? `（${p.hours}）` : ''}
                      </span>
                    </span>
                  </label>
                ))}
                {plan.postalDelivery && (
                  <label className="gb-pickup__option">
                    <input type="radio" name="pickup" value="" checked={pickup === ''} onChange={() => setPickup('')} />
                    <span>
                      <strong>郵寄到府</strong>
                      <span className="gb-pickup__detail">寄到您填寫的地址</span>
                    </span>
                  </label>
                )}
              </fieldset>
            )}
            {!pickup && field('address', '收件地址', { autoComplete: 'shipping street-address', maxLength: 200 })}
            {field('bankAccountNo', '匯款帳號末 5 碼', { inputMode: 'numeric', autoComplete: 'off', maxLength: 5, hint: '尚未匯款可先填 00000，匯款後再告知我們' })}
            {field('remark', '備註', { required: false, textarea: true, maxLength: 500 })}
          </div>
        )}
        {step === 1 && (
          <div className="gb-fields">
            <p className="muted">需要開立公司發票時再填寫；個人發票可直接下一步。</p>
            {field('invoiceTitle', '發票抬頭（買受人）', { required: false, autoComplete: 'organization', maxLength: 100 })}
            {field('taxId', '統一編號', { required: false, inputMode: 'numeric', maxLength: 8 })}
          </div>
        )}
        {step >= 2 && (
          <div className="gb-confirm">
            <CartLines planId={plan.planId} lines={lines} editable={false} />
            <dl className="gb-confirm__list">
              <dt>訂購人</dt>
              <dd>{form.buyer}</dd>
              <dt>電子郵件</dt>
              <dd>{form.email}</dd>
              <dt>聯絡電話</dt>
              <dd>{form.phone}</dd>
              <dt>收件人</dt>
              <dd>{form.receiverName}</dd>
              <dt>{pickupPoint ? '取貨地點' : '收件地址'}</dt>
              <dd>{pickupPoint ? `${pickupPoint.name}（${pickupPoint.address}）` : form.address}</dd>
              <dt>匯款帳號末 5 碼</dt>
              <dd>{form.bankAccountNo}</dd>
              <dt>發票</dt>
              <dd>{form.taxId ? `${form.invoiceTitle}（統一編號 ${form.taxId}）` : form.invoiceTitle || '個人'}</dd>
              {form.remark && (
                <>
                  <dt>備註</dt>
                  <dd>{form.remark}</dd>
                </>
              )}
            </dl>
            <p className="gb-confirm__total">
              應付金額 <strong>{formatMoney(total)}</strong>
            </p>
            <p className="muted">金額以團購優惠價計算，實際金額以訂單成立時為準；訂單成立後請於 3 日內匯款。</p>
          </div>
        )}

        {submitError && (
          <div className="gb-alert" role="alert">
            {submitError}
          </div>
        )}
        {step === 3 && submitting && (
          <p className="gb-submitting" role="status">
            <span className="spinner__dot" aria-hidden="true" /> 訂單送出中，請稍候…
          </p>
        )}

        <div className="gb-checkout__nav">
          {step > 0 && step < 3 && (
            <button type="button" className="btn btn--ghost" onClick={() => goTo(step - 1)}>
              上一步
            </button>
          )}
          {step < 2 && (
            <button type="submit" className="btn btn--primary">
              下一步
            </button>
          )}
          {step >= 2 && (
            <button type="submit" className="btn btn--primary" disabled={submitting}>
              {submitting ? '送出中…' : '確認送出訂單'}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

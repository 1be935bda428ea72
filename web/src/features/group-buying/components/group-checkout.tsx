import { describeError } from '@contracts/errors';
import type { GroupPlanView } from '@contracts/group-buying';
import { placeGroupOrderInputSchema, type PlaceGroupOrderInput as Input } from '@contracts/orders';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { CheckoutSteps, CheckoutSummary, CONFIRM_STEP, SENDING_STEP, StepForm, useCheckoutStepper } from '@/components/checkout-stepper';
import { Field } from '@/components/field';
import { EmailSuggestion } from '@/components/email-suggestion';
import { OrderItemsTable } from '@/components/order-items-table';
import { BankDetails } from '@/components/bank-details';
import { BankDigitsField } from '@/components/bank-digits-field';
import { useShopSettings } from '@/lib/shop-settings';
import { isApiError } from '@/lib/api-client';
import { readDraft, useDraftKeeper } from '@/lib/checkout-draft';
import { checkoutOrderId, forgetCheckoutOrderId } from '@/lib/checkout-order-id';
import { invalidateAfterOrder } from '@/lib/data/queries';
import { fieldProps, useSchemaForm } from '@/lib/form';
import { useSession } from '@/lib/use-session';
import { groupOrderQuery, placeGroupOrder } from '../api/group-order';
import { finishCheckout, groupCheckoutKey, useGroupCart } from '../group-cart-store';
import { CartLines, priceLines } from './cart-lines';

/** The form's values, named by their paths in placeGroupOrderInputSchema; `items` follows the cart, no field shows it. */
interface Values {
  items: { productId: string; qty: number }[];
  buyer: string;
  email: string;
  phone: string;
  receiver: { name: string; address: string };
  /** A pickup point's id, or '' for postal delivery (then the address is needed). */
  pickupPointId: string;
  bankAccountNo: string;
  invoiceTitle: string;
  taxId: string;
  remark: string;
}

// The bank digits are asked on the confirmation, beside the bank and the amount (optional).
const STEP_FIELDS = [['buyer', 'email', 'phone', 'receiver.name', 'receiver.address', 'remark'], ['invoiceTitle', 'taxId']] as const;

interface Props {
  plan: GroupPlanView;
  /** The landing pages show the form under the books; the cart page edits the lines itself. */
  embedded?: boolean;
}

/** The group checkout: no login, the shop's steps (components/checkout-stepper.tsx). */
export function GroupCheckout({ plan, embedded = false }: Props) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cartLines = useGroupCart(plan.planId);
  const lines = useMemo(() => priceLines(cartLines, plan.products), [cartLines, plan.products]);
  const items = useMemo(() => lines.map((l) => ({ productId: l.product.productId, qty: l.qty })), [lines]);
  const empty: Values = {
      items,
      buyer: session?.name ?? '',
      email: session?.email ?? '',
      phone: '',
      receiver: { name: session?.name ?? '', address: '' },
      // Postal delivery when the plan offers it, else its first pickup point.
      pickupPointId: plan.postalDelivery || !plan.pickupPoints.length ? '' : plan.pickupPoints[0]!.id,
      bankAccountNo: '',
      invoiceTitle: '',
      taxId: '',
      remark: '',
  };
  // The tab's draft: what the buyer typed before leaving the checkout (the back button, a reload).
  const [draft] = useState(() => readDraft(groupCheckoutKey(plan.planId), empty));
  const form = useSchemaForm<Values, Input>(
    placeGroupOrderInputSchema,
    draft?.values ?? empty,
    (v) => ({
      ...v,
      receiver: { name: v.receiver.name, address: v.pickupPointId ? '' : v.receiver.address },
      pickupPointId: v.pickupPointId || undefined,
      bankAccountNo: v.bankAccountNo || undefined,
    }),
  );
  useEffect(() => form.setValue('items', items), [form, items]);
  // Embedded under the books: the page does not jump to the form on load.
  const stepper = useCheckoutStepper(form, STEP_FIELDS, { focusOnMount: !embedded, initialStep: draft?.step });
  const { step, goTo, submitWith } = stepper;
  const [submitError, setSubmitError] = useState<ReactNode>(null);
  const submitting = step === SENDING_STEP;
  useDraftKeeper(groupCheckoutKey(plan.planId), form, submitting ? null : step);
  const values = form.watch();
  const pickupPoint = plan.pickupPoints.find((p) => p.id === values.pickupPointId) ?? null;
  const total = lines.reduce((n, l) => n + l.total, 0);
  const settings = useShopSettings();

  const place = async (input: Input) => {
      setSubmitError(null);
      goTo(SENDING_STEP);
      try {
        const order = await placeGroupOrder(plan.planId, checkoutOrderId(groupCheckoutKey(plan.planId)), input);
        finishCheckout(plan.planId);
        // The success page shows this order without asking again; stock and progress have moved.
        queryClient.setQueryData(groupOrderQuery(plan.planId, order.orderId).queryKey, order);
        invalidateAfterOrder(queryClient, plan.planId);
        void navigate(`/ezbuy/success?planId=${encodeURIComponent(plan.planId)}&orderId=${encodeURIComponent(order.orderId)}`);
      } catch (err) {
        goTo(CONFIRM_STEP);
        if (!isApiError(err)) {
          setSubmitError('訂單送出失敗，請稍後再試');
          return;
        }
        if (err.statusMessage === 'ORDER_CONFLICT') forgetCheckoutOrderId(groupCheckoutKey(plan.planId));
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
      }
  };
  const refused = (errors: FieldErrors<Values>) => setSubmitError(errors.items?.message ?? errors.items?.root?.message ?? '請檢查填寫的資料');

  if (!plan.isOpen) return <p className="gb-closed-note">本團購活動已截止，無法再下單。</p>;

  if (lines.length === 0 && !submitting) {
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

  // The recipient follows the buyer's name until the recipient field itself is edited.
  const buyer = fieldProps(form, 'buyer', {
    onChange: (e: { target: { value: string } }) => {
      const receiver = form.getFieldState('receiver.name');
      // Re-checked when it shows an error, so a 請填寫收件人姓名 from an earlier 下一步 goes away.
      if (!receiver.isDirty) form.setValue('receiver.name', e.target.value, { shouldValidate: Boolean(receiver.error) });
    },
  });

  return (
    <section className="gb-checkout" aria-label="結帳">
      <CheckoutSteps step={step} />
      {step === 0 && <CartLines planId={plan.planId} lines={lines} />}
      <StepForm stepper={stepper} onSubmit={submitWith(place, refused)} submitting={submitting} problem={submitError}>
        {step === 0 && (
          <div className="gb-fields">
            <Field label="訂購人姓名" autoComplete="name" maxLength={50} required {...buyer} />
            <Field label="電子郵件" type="email" autoComplete="email" inputMode="email" required hint="訂單確認信與匯款資訊會寄到這個信箱" {...fieldProps(form, 'email')} />
            <EmailSuggestion value={values.email} onAccept={(email) => form.setValue('email', email, { shouldValidate: true })} />
            <Field label="聯絡電話" type="tel" autoComplete="tel" inputMode="tel" required {...fieldProps(form, 'phone')} />
            <Field label="收件人姓名" autoComplete="shipping name" maxLength={50} required {...fieldProps(form, 'receiver.name')} />
            {plan.pickupPoints.length > 0 && (
              <fieldset className="gb-pickup">
                <legend>
                  取貨方式
                  <span className="required" aria-hidden="true">
                    *
                  </span>
                </legend>
                {plan.pickupPoints.map((p) => (
                  <label key={p.id} className="gb-pickup__option">
                    <input type="radio" value={p.id} {...form.register('pickupPointId')} />
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
                    <input type="radio" value="" {...form.register('pickupPointId')} />
                    <span>
                      <strong>郵寄到府</strong>
                      <span className="gb-pickup__detail">寄到您填寫的地址</span>
                    </span>
                  </label>
                )}
              </fieldset>
            )}
            {!values.pickupPointId && <Field label="收件地址" autoComplete="shipping street-address" maxLength={200} required {...fieldProps(form, 'receiver.address')} />}
            <Field label="備註" multiline maxLength={500} optional {...fieldProps(form, 'remark')} />
          </div>
        )}
        {step === 1 && (
          <div className="gb-fields">
            <p className="muted">需要開立公司發票時再填寫；個人發票可直接下一步。</p>
            <Field label="發票抬頭（買受人）" autoComplete="organization" maxLength={100} optional {...fieldProps(form, 'invoiceTitle')} />
            <Field label="統一編號" inputMode="numeric" maxLength={8} optional {...fieldProps(form, 'taxId')} />
          </div>
        )}
        {step >= CONFIRM_STEP && (
          <div className="gb-confirm">
            <OrderItemsTable
              items={lines.map((l) => ({ productId: l.product.productId, name: l.product.name, qty: l.qty, unitPrice: l.product.groupPrice, totalPrice: l.total }))}
              priceLabel="優惠價"
              totalPrice={total}
              totalLabel="應付金額"
            />
            <CheckoutSummary
              rows={[
                ['訂購人', values.buyer],
                ['電子郵件', values.email],
                ['聯絡電話', values.phone],
                ['收件人', values.receiver.name],
                pickupPoint ? ['取貨地點', `${pickupPoint.name}（${pickupPoint.address}）`] : ['收件地址', values.receiver.address],
                ['發票', values.taxId ? `${values.invoiceTitle}（統一編號 ${values.taxId}）` : values.invoiceTitle || '個人'],
                ['備註', values.remark],
              ]}
            />
            <p className="muted">金額以團購優惠價計算，實際金額以訂單成立時為準。</p>
            {settings && (
              <BankDetails settings={settings} amount={total}>
                <BankDigitsField form={form} />
              </BankDetails>
            )}
          </div>
        )}
      </StepForm>
    </section>
  );
}

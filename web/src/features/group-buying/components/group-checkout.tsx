import type { GroupPlanView } from '@contracts/group-buying';
import { placeGroupOrderInputSchema, type PlaceGroupOrderInput as Input } from '@contracts/orders';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { minPerOrderText } from '@contracts/format';
import type { UseFormReturn } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { CheckoutSteps, CheckoutSummary, CONFIRM_STEP, SENDING_STEP, StepForm, useCheckoutStepper } from '@/components/checkout-stepper';
import { usePlaceOrder } from '@/components/use-place-order';
import { Field } from '@/components/field';
import { EMPTY_INVOICE, INVOICE_FIELDS, InvoiceFields, invoiceSummary, type InvoiceValues } from '@/components/invoice-fields';
import { EmailSuggestion } from '@/components/email-suggestion';
import { OrderItemsTable } from '@/components/order-items-table';
import { BankDetails } from '@/components/bank-details';
import { BankDigitsField } from '@/components/bank-digits-field';
import { useShopSettings } from '@/lib/shop-settings';
import { readDraft, useDraftKeeper } from '@/lib/checkout-draft';
import { fieldProps, useSchemaForm } from '@/lib/form';
import { useSession } from '@/lib/use-session';
import { groupOrderQuery, placeGroupOrder } from '../api/group-order';
import { groupCart, groupCheckoutKey, useGroupCart } from '../group-cart-store';
import { CartLines, priceLines, type PricedLine } from './cart-lines';

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
  invoice: InvoiceValues;
  remark: string;
}

// The bank digits are asked on the confirmation, beside the bank and the amount (optional).
const STEP_FIELDS = [['buyer', 'email', 'phone', 'receiver.name', 'receiver.address', 'remark'], INVOICE_FIELDS] as const;

interface Props {
  plan: GroupPlanView;
  /** The landing pages show the form under the books; the cart page edits the lines itself. */
  embedded?: boolean;
}

type GroupForm = UseFormReturn<Values, unknown, Input>;

/** The form's values before anything is typed: the member's name and email when signed in. */
function emptyValues(plan: GroupPlanView, items: Values['items'], session: { name?: string | null; email: string } | null): Values {
  return {
    items,
    buyer: session?.name ?? '',
    email: session?.email ?? '',
    phone: '',
    receiver: { name: session?.name ?? '', address: '' },
    // Postal delivery when the plan offers it, else its first pickup point.
    pickupPointId: plan.postalDelivery || !plan.pickupPoints.length ? '' : plan.pickupPoints[0]!.id,
    bankAccountNo: '',
    invoice: EMPTY_INVOICE,
    remark: '',
  };
}

/** The schema's input from the form's values: a pickup needs no address; empty choices are left out. */
const toInput = (v: Values) => ({
  ...v,
  receiver: { name: v.receiver.name, address: v.pickupPointId ? '' : v.receiver.address },
  pickupPointId: v.pickupPointId || undefined,
  bankAccountNo: v.bankAccountNo || undefined,
});

/** The group checkout's form, kept in the tab's draft (the back button, a reload), with its steps. */
function useGroupCheckoutForm(plan: GroupPlanView, lines: PricedLine[], embedded: boolean) {
  const session = useSession();
  const items = useMemo(() => lines.map((l) => ({ productId: l.product.productId, qty: l.qty })), [lines]);
  const [draft] = useState(() => readDraft(groupCheckoutKey(plan.planId), emptyValues(plan, items, session)));
  const form = useSchemaForm<Values, Input>(placeGroupOrderInputSchema, draft?.values ?? emptyValues(plan, items, session), toInput);
  useEffect(() => form.setValue('items', items), [form, items]);
  // Embedded under the books: the page does not jump to the form on load.
  const stepper = useCheckoutStepper(form, STEP_FIELDS, { focusOnMount: !embedded, initialStep: draft?.step });
  useDraftKeeper(groupCheckoutKey(plan.planId), form, stepper.step === SENDING_STEP ? null : stepper.step);
  return { form, stepper };
}

/** The group checkout: no login, the shop's steps (components/checkout-stepper.tsx). */
export function GroupCheckout({ plan, embedded = false }: Props) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cartLines = useGroupCart(plan.planId);
  const lines = useMemo(() => priceLines(cartLines, plan.products), [cartLines, plan.products]);
  const { form, stepper } = useGroupCheckoutForm(plan, lines, embedded);
  const { step, submitWith } = stepper;
  const submitting = step === SENDING_STEP;
  // The campaign's minimum per order is said beside the quantities and stops 下一步 below it: the server
  // refuses fewer (docs/group-buying.md, "Minimum per order"), so the buyer never learns it two steps later.
  const copies = lines.reduce((n, l) => n + l.qty, 0);
  const short = plan.minPerOrder ? Math.max(0, plan.minPerOrder - copies) : 0;
  const [shortTried, setShortTried] = useState(false);
  const onSubmit = (e: FormEvent) => {
    if (!short) return submitWith(place, refused)(e);
    e.preventDefault();
    setShortTried(true);
  };
  const { place, refused, problem } = usePlaceOrder({
    stepper,
    keys: { orderId: groupCheckoutKey(plan.planId), draft: groupCheckoutKey(plan.planId) },
    send: (orderId, input: Input) => placeGroupOrder(plan.planId, orderId, input),
    planId: plan.planId,
    onPlaced: (order) => {
      groupCart.clear(plan.planId);
      // The success page shows this order without asking again.
      queryClient.setQueryData(groupOrderQuery(plan.planId, order.orderId).queryKey, order);
      void navigate(`/ezbuy/success?planId=${encodeURIComponent(plan.planId)}&orderId=${encodeURIComponent(order.orderId)}`);
    },
  });

  if (!plan.isOpen) return <p className="gb-closed-note">本團購活動已截止，無法再下單。</p>;
  if (lines.length === 0 && !submitting) return <EmptyCart planId={plan.planId} embedded={embedded} />;
  return (
    <section className="gb-checkout" aria-label="結帳">
      <CheckoutSteps step={step} />
      {step === 0 && <CartLines planId={plan.planId} lines={lines} />}
      {plan.minPerOrder && (step === 0 || short) ? (
        <p className={short ? 'gb-min-note gb-min-note--short' : 'gb-min-note'} role={shortTried && short ? 'alert' : undefined} data-testid="min-per-order">
          {minPerOrderText(plan.minPerOrder)}，目前 {copies} 本{short ? `：請再加 ${short} 本才能繼續` : ''}
        </p>
      ) : null}
      <StepForm stepper={stepper} onSubmit={onSubmit} submitting={submitting} problem={problem}>
        {step === 0 && <BuyerFields form={form} plan={plan} />}
        {step === 1 && <InvoiceStep form={form} />}
        {step >= CONFIRM_STEP && <Confirmation form={form} plan={plan} lines={lines} />}
      </StepForm>
    </section>
  );
}

function EmptyCart({ planId, embedded }: { planId: string; embedded: boolean }) {
  return (
    <div className="gb-empty">
      <p>購物車還是空的，請先選擇書籍與數量。</p>
      {!embedded && (
        <Link className="btn btn--primary" to={`/ezbuy/${planId}`}>
          返回訂購頁
        </Link>
      )}
    </div>
  );
}

/** Step 1, 訂購人資訊: the buyer, the recipient and how the books come. */
function BuyerFields({ form, plan }: { form: GroupForm; plan: GroupPlanView }) {
  const email = form.watch('email');
  const pickupPointId = form.watch('pickupPointId');
  // The recipient follows the buyer's name until the recipient field itself is edited.
  const buyer = fieldProps(form, 'buyer', {
    onChange: (e: { target: { value: string } }) => {
      const receiver = form.getFieldState('receiver.name');
      // Re-checked when it shows an error, so a 請填寫收件人姓名 from an earlier 下一步 goes away.
      if (!receiver.isDirty) form.setValue('receiver.name', e.target.value, { shouldValidate: Boolean(receiver.error) });
    },
  });
  return (
    <div className="gb-fields">
      <Field label="訂購人姓名" autoComplete="name" maxLength={50} required {...buyer} />
      <Field label="電子郵件" type="email" autoComplete="email" inputMode="email" required hint="訂單確認信與匯款資訊會寄到這個信箱" {...fieldProps(form, 'email')} />
      <EmailSuggestion value={email} onAccept={(accepted) => form.setValue('email', accepted, { shouldValidate: true })} />
      <Field label="聯絡電話" type="tel" autoComplete="tel" inputMode="tel" required {...fieldProps(form, 'phone')} />
      <Field label="收件人姓名" autoComplete="shipping name" maxLength={50} required {...fieldProps(form, 'receiver.name')} />
      {plan.pickupPoints.length > 0 && <PickupChoice form={form} plan={plan} />}
      {!pickupPointId && <Field label="收件地址" autoComplete="shipping street-address" maxLength={200} required {...fieldProps(form, 'receiver.address')} />}
      <Field label="備註" multiline maxLength={500} optional {...fieldProps(form, 'remark')} />
    </div>
  );
}

/** 取貨方式: the plan's pickup points, and postal delivery when it offers it. */
function PickupChoice({ form, plan }: { form: GroupForm; plan: GroupPlanView }) {
  return (
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
  );
}

/** Step 2, 發票資訊: how the e-invoice is delivered. */
function InvoiceStep({ form }: { form: GroupForm }) {
  return (
    <div className="gb-fields">
      <InvoiceFields form={form} />
    </div>
  );
}

/** Step 3, 訂單確認: the lines at the group price, the answers, and the bank with the digits. */
function Confirmation({ form, plan, lines }: { form: GroupForm; plan: GroupPlanView; lines: PricedLine[] }) {
  const settings = useShopSettings();
  const values = form.watch();
  const pickupPoint = plan.pickupPoints.find((p) => p.id === values.pickupPointId) ?? null;
  const itemsTotal = lines.reduce((n, l) => n + l.total, 0);
  // The server's own rule for the fee (the public settings' shippingFee), the one that prices the order.
  const shippingFee = settings?.shippingFee ?? 0;
  const total = itemsTotal + shippingFee;
  return (
    <div className="gb-confirm">
      <OrderItemsTable
        items={lines.map((l) => ({ productId: l.product.productId, name: l.product.name, qty: l.qty, unitPrice: l.product.groupPrice, totalPrice: l.total }))}
        priceLabel="優惠價"
        itemsTotal={itemsTotal}
        shippingFee={shippingFee}
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
          ['發票', invoiceSummary(values.invoice)],
          ['備註', values.remark],
        ]}
      />
      <p className="muted">金額以團購優惠價計算，實際金額以訂單成立時為準。</p>
      {settings && (
        <BankDetails settings={settings} amount={total} afterFormation={plan.payAfterFormed && !plan.formedAt}>
          <BankDigitsField form={form} />
        </BankDetails>
      )}
    </div>
  );
}

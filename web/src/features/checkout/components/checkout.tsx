import { useEffect, useMemo, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { describeError } from '@contracts/errors';
import { placeOrderInputSchema, type Order, type PlaceOrderInput as Input } from '@contracts/orders';
import { CheckoutSteps, CheckoutSummary, CONFIRM_STEP, SENDING_STEP, StepForm, useCheckoutStepper } from '@/components/checkout-stepper';
import { usePlaceOrder } from '@/components/use-place-order';
import { Field, FormAlert } from '@/components/field';
import { EMPTY_INVOICE, INVOICE_FIELDS, InvoiceFields, invoiceSummary, type InvoiceValues } from '@/components/invoice-fields';
import { OrderItemsTable } from '@/components/order-items-table';
import { BankDetails } from '@/components/bank-details';
import { BankDigitsField } from '@/components/bank-digits-field';
import { getUserData, sendEmailVerify } from '@/lib/api/auth';
import { isApiError } from '@/lib/api-client';
import { readDraft, useDraftKeeper } from '@/lib/checkout-draft';
import { fieldProps, useSchemaForm } from '@/lib/form';
import { getSession, refreshIdToken, setSession } from '@/lib/session';
import { useShopSettings } from '@/lib/shop-settings';
import { notify } from '@/lib/toast';
import { useSession } from '@/lib/use-session';
import { placeOrder, SHOP_CHECKOUT_DRAFT, SHOP_CHECKOUT_KEY } from '../api';
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

/** The form's values, named by their paths in placeOrderInputSchema; `items` follows the cart, no field shows it. */
interface Values {
  items: { productId: string; qty: number }[];
  receiver: { name: string; address: string };
  phone: string;
  bankAccountNo: string;
  invoice: InvoiceValues;
  remark: string;
}

// The bank digits are asked on the confirmation, beside the bank and the amount (optional: they can
// follow on the order page until the order is paid).
const STEP_FIELDS = [['receiver.name', 'receiver.address', 'phone'], [...INVOICE_FIELDS, 'remark']] as const;

/** Left empty, the digits are not sent: the server stores NO_BANK_DIGITS. */
const withoutEmptyDigits = (v: Values) => ({ ...v, bankAccountNo: v.bankAccountNo || undefined });

/**
 * Whether the account is verified by now; if so the session says so (and the gate lifts). The link may
 * have been opened on another device or a moment ago: this page's ID token still says "unverified", and
 * the server reads the token. A fresh token carries the new state; the account lookup covers the case
 * where it does not yet.
 */
async function isVerifiedNow(): Promise<boolean> {
  await refreshIdToken();
  const fresh = getSession();
  if (!fresh) return false;
  const verified = fresh.emailVerified || (await getUserData(fresh.idToken)).users?.[0]?.emailVerified === true;
  if (verified && !fresh.emailVerified) setSession({ ...fresh, emailVerified: true });
  return verified;
}

function VerifyEmailGate() {
  const session = useSession();
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);
  const [sent, setSent] = useState(false);
  // The address may have been verified since this token was minted (the mail's link, opened in this
  // browser a moment ago): one fresh token on arrival lifts the gate without a click.
  useEffect(() => {
    void isVerifiedNow().catch(() => false);
  }, []);
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
      if (await isVerifiedNow()) notify('success', '電子郵件已完成驗證');
      else notify('warning', '尚未完成驗證，請點擊信中的連結');
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
export function Checkout(props: CheckoutProps) {
  const session = useSession();
  if (!session) return null;
  if (!session.emailVerified) return <VerifyEmailGate />;
  return <CheckoutForm {...props} name={session.name ?? ''} userId={session.userId} />;
}

function CheckoutForm({ lines, ready, onPlaced, name, userId }: CheckoutProps & { name: string; userId: string }) {
  const items = useMemo(() => lines.map((l) => ({ productId: l.productId, qty: l.qty })), [lines]);
  const empty: Values = { items, receiver: { name, address: '' }, phone: '', bankAccountNo: '', invoice: EMPTY_INVOICE, remark: '' };
  // The tab's draft: what the shopper typed before leaving the checkout (the back button, a reload).
  const [draft] = useState(() => readDraft(SHOP_CHECKOUT_DRAFT, empty));
  const form = useSchemaForm<Values, Input>(placeOrderInputSchema, draft?.values ?? empty, withoutEmptyDigits);
  useEffect(() => form.setValue('items', items), [form, items]);
  const stepper = useCheckoutStepper(form, STEP_FIELDS, { focusOnMount: true, initialStep: draft?.step });
  const { step, submitWith } = stepper;
  const submitting = step === SENDING_STEP;
  useDraftKeeper(SHOP_CHECKOUT_DRAFT, form, submitting ? null : step);
  const { place, refused, problem } = usePlaceOrder({
    stepper,
    keys: { orderId: SHOP_CHECKOUT_KEY, draft: SHOP_CHECKOUT_DRAFT },
    send: (orderId, input: Input) => placeOrder(userId, orderId, input),
    onPlaced,
  });

  return (
    <section className="checkout" aria-label="結帳">
      <CheckoutSteps step={step} />
      <StepForm stepper={stepper} onSubmit={submitWith(place, refused)} submitting={submitting} problem={problem} canSubmit={ready} className="form checkout__form">
        {step === 0 && <ReceiverFields form={form} />}
        {step === 1 && <InvoiceStep form={form} />}
        {step >= CONFIRM_STEP && <Confirmation form={form} lines={lines} />}
        {!ready && step >= CONFIRM_STEP && <FormAlert>購物車內有商品數量超過庫存，請先調整。</FormAlert>}
      </StepForm>
    </section>
  );
}

type CheckoutFormState = UseFormReturn<Values, unknown, Input>;

/** Step 1, 訂購人資訊: where the books go. */
function ReceiverFields({ form }: { form: CheckoutFormState }) {
  return (
    <>
      <Field label="收件人姓名" autoComplete="name" maxLength={50} required {...fieldProps(form, 'receiver.name')} />
      <Field label="收件地址" autoComplete="street-address" maxLength={200} required {...fieldProps(form, 'receiver.address')} />
      <Field label="聯絡電話" type="tel" inputMode="tel" autoComplete="tel" maxLength={30} required {...fieldProps(form, 'phone')} />
    </>
  );
}

/** Step 2, 發票資訊: how the e-invoice is delivered, and a remark. */
function InvoiceStep({ form }: { form: CheckoutFormState }) {
  return (
    <>
      <InvoiceFields form={form} />
      <Field label="備註" multiline maxLength={500} optional {...fieldProps(form, 'remark')} />
    </>
  );
}

/** Step 3, 訂單確認: the lines, the fee and the total, the answers, and the bank with the digits. */
function Confirmation({ form, lines }: { form: CheckoutFormState; lines: CheckoutLine[] }) {
  const settings = useShopSettings();
  const values = form.watch();
  const itemsTotal = lines.reduce((n, l) => n + l.unitPrice * l.qty, 0);
  // The server's own rule for the fee (the public settings' shippingFee), the one that prices the order.
  const shippingFee = settings?.shippingFee ?? 0;
  return (
    <>
      <OrderItemsTable
        items={lines.map((l) => ({ ...l, totalPrice: l.unitPrice * l.qty }))}
        itemsTotal={itemsTotal}
        shippingFee={shippingFee}
        totalPrice={itemsTotal + shippingFee}
        totalLabel="應付總額"
      />
      <CheckoutSummary
        rows={[
          ['收件人', values.receiver.name],
          ['收件地址', values.receiver.address],
          ['聯絡電話', values.phone],
          ['發票', invoiceSummary(values.invoice)],
          ['備註', values.remark],
        ]}
      />
      {settings && (
        <BankDetails settings={settings} amount={itemsTotal + shippingFee}>
          <BankDigitsField form={form} />
        </BankDetails>
      )}
    </>
  );
}

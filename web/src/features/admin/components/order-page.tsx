import { deliveryCorrectionSchema, orderStatusChangeSchema, type Delivery, type DeliveryCorrection, type OrderStatusChange } from '@contracts/admin';
import { describeInvoice, ORDER_STATUS_LABELS, type Order } from '@contracts/orders';
import { awaitsFormation, canMove, isPaid, isShipped, MOVES, STATUS } from '@domain/order';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTime, formatMoney, normaliseDigits, shippingFeeText } from '@contracts/format';
import { notify } from '@/lib/toast';
import { changeOrderStatus, correctDelivery } from '../api/admin-api';
import { actorLabel } from '../lib/labels';
import { useResource } from '../lib/use-resource';
import { useAdminForm } from '../lib/use-admin-form';
import { useOwnerAction } from '../lib/use-owner-action';
import { BookAmountsTable } from './tables';
import { InvoiceCorrectionForm, InvoiceMark } from './invoice-mark';
import { BusyButton, Card, FormErrors, PageHead, SubPage } from './ui';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { Fact } from '@/components/fact';
import { Field } from '@/components/field';

/** One order: details, history, and the actions its status allows. */
export default function OrderPage() {
  const { orderId = '' } = useParams();
  const order = useResource('GET /api/admin/orders/{orderId}', { params: { orderId } });
  return (
    <SubPage back="/admin/orders" backLabel="返回訂單列表" resource={order}>{(o) => <OrderView order={o} onChange={order.set} />}</SubPage>
  );
}

/** The campaign's title (the id while it loads or if the plan is gone). */
function PlanTitle({ planId }: { planId: string }) {
  const plan = useResource('GET /api/admin/plans/{planId}', { params: { planId } }, (p) => p.plan.title);
  return <>{plan.data ?? planId}</>;
}

function OrderView({ order: o, onChange }: { order: Order; onChange: (o: Order) => void }) {
  return (
    <>
      <PageHead title={`訂單 ${o.orderNo}`}>
        <OrderStatusBadge status={o.status} />
      </PageHead>
      <div className="admin-grid">
        <BuyerCard order={o} />
        <ItemsCard order={o} />
      </div>
      {isPaid(o) ? (
        <Card id="o-invoice" title="發票">
          <p className="admin-sub">依「發票」頁匯出的資料開立後，填回發票號碼（2 個英文字母加 8 位數字），顧客的訂單頁會顯示。</p>
          <InvoiceMark order={o} onChange={onChange} />
        </Card>
      ) : o.status === STATUS.refunded && o.issuedInvoice ? (
        <Card id="o-invoice" title="發票作廢／折讓">
          <InvoiceCorrectionForm order={o} onChange={onChange} />
        </Card>
      ) : null}
      {isShipped(o) ? <CorrectDelivery order={o} onChange={onChange} /> : null}
      <Actions order={o} onChange={onChange} />
      <Card id="o-history" title="狀態紀錄">
        <ol className="admin-history">
          {o.statusHistory.map((h, i) => (
            <li key={i}>
              <time dateTime={h.at}>{formatDateTime(h.at)}</time>
              <OrderStatusBadge status={h.status} />
              <span>{actorLabel(h.by)}</span>
              {h.note ? <span className="admin-sub">{h.note}</span> : null}
            </li>
          ))}
        </ol>
      </Card>
    </>
  );
}

/** 訂購資料: who ordered, where it goes, the invoice, the payment's digits and dates. */
function BuyerCard({ order: o }: { order: Order }) {
  return (
    <Card id="o-buyer" title="訂購資料">
      <dl className="admin-dl">
        <dt>類型</dt>
        <dd>
          {o.planId ? (
            <Link to={`/admin/plans/${o.planId}`}>
              團購 <PlanTitle planId={o.planId} />
            </Link>
          ) : (
            '書店訂單'
          )}
        </dd>
        {o.pickup && (
          <Fact term="取貨方式">
            自取：{o.pickup.name}
            <span className="admin-sub">
              {o.pickup.address}
              {o.pickup.hours ? `（${o.pickup.hours}）` : ''}
            </span>
          </Fact>
        )}
        {o.pickup && (
          <Fact term="取貨">{o.pickedUp ? `已取貨：${formatDateTime(o.pickedUp.at)}，由 ${o.pickedUp.by} 於取貨櫃台交付` : '尚未取貨'}</Fact>
        )}
        <dt>訂購人</dt>
        <dd>{o.buyer || '—'}</dd>
        <dt>Email</dt>
        <dd>{o.email || '—'}</dd>
        <dt>電話</dt>
        <dd>{o.phone}</dd>
        <dt>收件人</dt>
        <dd>{o.receiver.name}</dd>
        <dt>收件地址</dt>
        <dd>{o.receiver.address || (o.pickup ? '（自取，不需地址）' : '—')}</dd>
        <dt>發票</dt>
        <dd>{describeInvoice(o.invoice)}</dd>
        <dt>發票號碼</dt>
        <dd className="admin-mono">{o.issuedInvoice ? `${o.issuedInvoice.number}（${formatDateTime(o.issuedInvoice.at)} 記錄）` : '尚未開立'}</dd>
        <dt>匯款帳號末五碼</dt>
        {/* While the payment awaits confirmation the digits show only beside 確認收款, after the owner has typed the bank's (MarkPaid). */}
        <dd className="admin-mono">{canMove('owner', o.status, STATUS.preparing) ? '確認收款時核對' : o.bankAccountNo === '00000' ? '00000（未填）' : o.bankAccountNo}</dd>
        <dt>訂單日期</dt>
        <dd>{formatDateTime(o.createdAt)}</dd>
        <dt>匯款期限</dt>
        <dd>{o.paymentDueAt ? formatDateTime(o.paymentDueAt) : '等待成團，成團後起算'}</dd>
        <Fact term="備註">{o.remark}</Fact>
      </dl>
    </Card>
  );
}

/** 訂購內容: the lines, the totals and the parcel. */
function ItemsCard({ order: o }: { order: Order }) {
  return (
    <Card id="o-items" title="訂購內容">
      <BookAmountsTable
        rows={o.items}
        rowKey={(i) => i.productId}
        name={(i) => i.name}
        count={(i) => `${i.qty} × ${formatMoney(i.unitPrice)}`}
        amount={(i) => i.totalPrice}
        amountLabel="小計"
      />
      <dl className="admin-dl admin-dl--totals">
        <dt>商品小計</dt>
        <dd>{formatMoney(o.itemsTotal)}</dd>
        <dt>運費</dt>
        <dd>{shippingFeeText(o.shippingFee)}</dd>
        <dt>應付總額</dt>
        <dd>
          <strong>{formatMoney(o.totalPrice)}</strong>
        </dd>
      </dl>
      {o.delivery ? (
        <p className="admin-delivery">
          {o.delivery.company}・{o.delivery.trackingNo}・
          <a href={o.delivery.trackingUrl} target="_blank" rel="noopener noreferrer">
            查詢貨件
          </a>
        </p>
      ) : null}
    </Card>
  );
}

/** 處理訂單: the moves the console allows from the order's status (an order never paid is cancelled, not refunded). */
function Actions({ order: o, onChange }: { order: Order; onChange: (o: Order) => void }) {
  const next = MOVES.owner[o.status];
  if (!next.length) return <p className="muted">此訂單已結案，不能再變更狀態。</p>;
  return (
    <Card id="o-actions" title="處理訂單">
      {awaitsFormation(o) && (
        <p className="muted" data-testid="awaiting-formation-note">
          這筆訂單等待成團，尚未收款：活動達到成團門檻時，系統會自動改為「待匯款」並寄出收款通知，匯款期限從成團時起算。若活動流團，在活動頁決定流團時會一併取消這筆訂單，不需另外處理。
        </p>
      )}
      <div className="admin-actions">
        {next.includes(STATUS.preparing) ? <MarkPaid order={o} onChange={onChange} /> : null}
        {next.includes(STATUS.shipped) ? <Ship order={o} onChange={onChange} /> : null}
        {next.includes(STATUS.cancelledUnpaid) ? <Cancel order={o} to={STATUS.cancelledUnpaid} onChange={onChange} /> : null}
        {next.includes(STATUS.refunded) ? <Cancel order={o} to={STATUS.refunded} onChange={onChange} /> : null}
      </div>
    </Card>
  );
}

/** An order's change of status, sent by one of the forms below: the order as the server answers it. */
function useChange(order: Order, onChange: (o: Order) => void) {
  const action = useOwnerAction('更新失敗，請檢查下方訊息');
  const run = (change: OrderStatusChange) => action.run(() => sendChange(order, change, onChange));
  return { busy: action.busy, error: action.error, run };
}

async function sendChange(order: Order, change: OrderStatusChange, onChange: (o: Order) => void) {
  const next = await changeOrderStatus(order.orderId, change);
  onChange(next);
  notify('success', `訂單 ${next.orderNo} 已更新為「${ORDER_STATUS_LABELS[next.status]}」，並已寄信通知顧客`);
}

/** 確認收款's values: the digits and the amount as read on the bank statement. */
interface PaidValues {
  bankAccountNo: string;
  amount: string;
  otherAccount: boolean;
}

function MarkPaid({ order, onChange }: { order: Order; onChange: (o: Order) => void }) {
  const f = useAdminForm<PaidValues, OrderStatusChange>(orderStatusChangeSchema, { bankAccountNo: '', amount: '', otherAccount: false }, (v) => ({
    status: STATUS.preparing,
    bankAccountNo: v.bankAccountNo.trim(),
    amount: v.amount.trim() === '' ? Number.NaN : Number(v.amount),
    ...(v.otherAccount ? { otherAccount: true } : {}),
  }));
  const submit = f.onSubmit((change) => sendChange(order, change, onChange));
  const { error: digitsError, ...digits } = f.field('bankAccountNo');
  const { error: amountError, ...amount } = f.field('amount');
  const typed = normaliseDigits(f.form.watch('bankAccountNo') ?? '');
  return (
    <form className="admin-action" id="pay" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="pay-title">
      <h4 id="pay-title">確認收款</h4>
      <p className="admin-sub">請照銀行入帳明細填寫末五碼與金額（應付 {formatMoney(order.totalPrice)}），系統會與訂單核對。</p>
      <Field label="匯款帳號末五碼" error={digitsError}>
        <input {...digits} inputMode="numeric" maxLength={12} required autoComplete="off" />
      </Field>
      <DigitsCheck typed={typed} given={order.bankAccountNo} />
      <Field label="入帳金額（NT$）" error={amountError}>
        <input {...amount} type="number" inputMode="numeric" min={0} step={1} required />
      </Field>
      <label className="admin-check">
        <input type="checkbox" {...f.form.register('otherAccount')} /> 由其他帳戶匯款（末五碼與訂單不同，會記在狀態紀錄）
      </label>
      <FormErrors error={f.error} />
      <BusyButton busy={f.busy} type="submit">
        確認收款
      </BusyButton>
    </form>
  );
}

/**
 * The buyer's digits, shown only once the owner has typed five from the bank statement: a match is
 * said, a difference shows both, so the owner reads the statement rather than copying the order.
 */
function DigitsCheck({ typed, given }: { typed: string; given: string }) {
  if (!/^\d{5}$/.test(typed)) return null;
  if (given === '00000') return <p className="admin-sub" data-testid="digits-check">顧客未填寫末五碼，請核對金額與訂購人後確認。</p>;
  if (typed === given) return <p className="admin-sub" data-testid="digits-check">與顧客填寫的末五碼相符。</p>;
  return (
    <p className="admin-warn" data-testid="digits-check">
      顧客填寫的末五碼是 <span className="admin-mono">{given}</span>，與您輸入的不同：若確定由其他帳戶匯款，請勾選下方。
    </p>
  );
}

/** The tracking details as the forms edit them (出貨 and its correction). */
interface DeliveryValues {
  delivery: Delivery;
  /** 更正貨件資訊's 說明, written into the customer's mail. */
  note?: string;
}

const deliveryValues = (initial?: Order['delivery']): DeliveryValues => ({
  delivery: { company: initial?.company ?? '中華郵政', trackingNo: initial?.trackingNo ?? '', trackingUrl: initial?.trackingUrl ?? '' },
});

function Ship({ order, onChange }: { order: Order; onChange: (o: Order) => void }) {
  const f = useAdminForm<DeliveryValues, OrderStatusChange>(orderStatusChangeSchema, deliveryValues(), (v) => ({ status: STATUS.shipped, delivery: v.delivery }));
  const submit = f.onSubmit((change) => sendChange(order, change, onChange));
  return (
    <form className="admin-action" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="ship-title">
      <h4 id="ship-title">出貨</h4>
      <p className="admin-sub">三個欄位都必填。</p>
      <DeliveryFields field={f.field} />
      <FormErrors error={f.error} />
      <BusyButton busy={f.busy} type="submit">
        標記已發貨
      </BusyButton>
    </form>
  );
}

function Cancel({ order, to, onChange }: { order: Order; to: typeof STATUS.cancelledUnpaid | typeof STATUS.refunded; onChange: (o: Order) => void }) {
  const { busy, error, run } = useChange(order, onChange);
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState('');
  // A shipped order's copies are with the customer: the owner says whether they come back on sale.
  // No choice is made for the owner: the server refuses a shipped order's refund without one (domain/order.ts).
  const [restock, setRestock] = useState<'return' | 'damaged' | 'notReturned' | null>(null);
  const refund = to === STATUS.refunded;
  const shipped = refund && isShipped(order);
  const title = refund ? '取消並退款' : '取消訂單（未匯款）';
  return (
    <div className="admin-action admin-action--danger">
      <h4>{title}</h4>
      <p className="admin-sub">
        {refund ? '款項退回後使用；' : ''}
        {shipped ? '' : '庫存會退回，'}顧客會收到通知信。狀態將成為「{ORDER_STATUS_LABELS[to]}」，無法復原。
      </p>
      {shipped ? (
        <fieldset className="admin-radios">
          <legend>書是否退回庫存</legend>
          {(
            [
              ['return', '書已寄回、完好：退回庫存'],
              ['damaged', '書已損壞：不退回庫存'],
              ['notReturned', '書未寄回：不退回庫存'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="admin-check">
              <input type="radio" name="restock" value={value} checked={restock === value} onChange={() => setRestock(value)} /> {label}
            </label>
          ))}
        </fieldset>
      ) : null}
      <Field label="說明（選填，會寫進通知信）">
        <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} />
      </Field>
      <FormErrors error={error} />
      {confirming ? (
        <div className="admin-confirm" role="group" aria-label={`確定${title}？`}>
          <span>確定{title}？</span>
          <BusyButton busy={busy} type="button" className="btn btn--danger" onClick={() => void run(to === STATUS.refunded ? { status: to, note: note.trim() || undefined, ...(shipped && restock ? { restock } : {}) } : { status: to, note: note.trim() || undefined })}>
            確定
          </BusyButton>
          <button type="button" className="btn btn--ghost" onClick={() => setConfirming(false)} disabled={busy}>
            返回
          </button>
        </div>
      ) : (
        <button type="button" className="btn btn--ghost btn--danger-outline" onClick={() => setConfirming(true)}>
          {title}
        </button>
      )}
    </div>
  );
}

/** The carrier, tracking number and tracking link, each marked required (the server requires all three). */
function DeliveryFields({ field }: { field: ReturnType<typeof useAdminForm<DeliveryValues, unknown>>['field'] }) {
  return (
    <>
      <Field label="貨運公司" required maxLength={50} {...field('delivery.company')} />
      <Field label="貨件編號" required maxLength={60} autoComplete="off" {...field('delivery.trackingNo')} />
      <Field label="貨件查詢連結" required hint="以 https:// 開頭的完整網址" type="url" placeholder="https://" maxLength={500} {...field('delivery.trackingUrl')} />
    </>
  );
}

/** A shipped order's tracking details, corrected; the customer gets the corrected details by mail. */
function CorrectDelivery({ order, onChange }: { order: Order; onChange: (o: Order) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Card id="o-fix" title="貨件資訊">
      {open ? (
        <CorrectionForm order={order} onChange={onChange} onClose={() => setOpen(false)} />
      ) : (
        <button type="button" className="btn btn--ghost btn--small" onClick={() => setOpen(true)}>
          更正貨件資訊
        </button>
      )}
    </Card>
  );
}

function CorrectionForm({ order, onChange, onClose }: { order: Order; onChange: (o: Order) => void; onClose: () => void }) {
  const f = useAdminForm<DeliveryValues, DeliveryCorrection>(deliveryCorrectionSchema, { ...deliveryValues(order.delivery), note: '' }, (v) => ({
    delivery: v.delivery,
    note: v.note?.trim() || undefined,
  }));
  const submit = f.onSubmit(async (correction) => {
    onChange(await correctDelivery(order.orderId, correction));
    onClose();
    notify('success', '貨件資訊已更正，並已寄信通知顧客');
  });
  return (
    <form className="admin-action" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="o-fix">
      <DeliveryFields field={f.field} />
      <Field label="說明（選填，會寫進通知信）" maxLength={500} {...f.field('note')} />
      <FormErrors error={f.error} />
      <div className="admin-confirm">
        <BusyButton busy={f.busy} type="submit">
          儲存更正
        </BusyButton>
        <button type="button" className="btn btn--ghost" onClick={onClose} disabled={f.busy}>
          取消
        </button>
      </div>
    </form>
  );
}

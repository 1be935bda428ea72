import { describeInvoice, NO_BANK_DIGITS, ORDER_STATUS_LABELS } from '@contracts/orders';
import { describeIssuedInvoice } from '@domain/order';
import { OrderItemsTable } from '@/components/order-items-table';
import { formatDateTime } from '@contracts/format';
import { awaitsFormation, awaitsPayment } from '@domain/order';
import { useShopSettings } from '@/lib/shop-settings';
import { useOrder, useSetBankDigits } from '../api';
import { BankDigitsForm } from './bank-digits-form';
import { BankDetails } from '@/components/bank-details';
import { FormationNote } from '@/components/formation-note';
import { LoadState } from './order-parts';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { Fact } from '@/components/fact';
import '../orders.css';
import { BackLink } from '@/components/back-link';

/** /order/{orderId}: the whole order, its status and its history. */
export function OrderView({ userId, orderId }: { userId: string; orderId: string }) {
  const { data: order, error, status } = useOrder(userId, orderId);
  const loading = status === 'loading';
  const settings = useShopSettings();
  const saveDigits = useSetBankDigits(userId, orderId);
  return (
    <section aria-labelledby="order-title" className="order-detail">
      <BackLink to="/order">返回訂單列表</BackLink>
      <h1 id="order-title">
        訂單詳情{order && <span className="order-no"> {order.orderNo}</span>}
      </h1>
      <LoadState loading={loading} error={error} />
      {order && (
        <>
          <p className="order-detail__status">
            訂單狀態：<OrderStatusBadge status={order.status} />
          </p>
          <dl className="facts">
            <dt>訂單日期</dt>
            <dd>{formatDateTime(order.createdAt)}</dd>
            <Fact term="匯款期限">{awaitsPayment(order) && order.paymentDueAt ? formatDateTime(order.paymentDueAt) : awaitsFormation(order) ? '成團後起算' : null}</Fact>
            <dt>收件人</dt>
            <dd>{order.receiver.name}</dd>
            <dt>{order.pickup ? '取貨地點' : '收件地址'}</dt>
            <dd>{order.pickup ? `自取：${order.pickup.name}（${order.pickup.address}）` : order.receiver.address}</dd>
            <dt>聯絡電話</dt>
            <dd>{order.phone}</dd>
            <dt>匯款帳號末 5 碼</dt>
            <dd>{order.bankAccountNo === NO_BANK_DIGITS ? '尚未填寫' : order.bankAccountNo}</dd>
            <dt>發票</dt>
            <dd>{describeInvoice(order.invoice)}</dd>
            <dt>發票號碼</dt>
            <dd>{describeIssuedInvoice(order)}</dd>
            <Fact term="備註">{order.remark}</Fact>
            {order.delivery?.trackingNo && (
              <Fact term="物流">
                {order.delivery.company}{' '}
                {order.delivery.trackingUrl ? (
                  <a href={order.delivery.trackingUrl} target="_blank" rel="noreferrer">
                    {order.delivery.trackingNo}
                  </a>
                ) : (
                  order.delivery.trackingNo
                )}
              </Fact>
            )}
          </dl>
          <h2 className="orders__heading">訂購內容</h2>
          <OrderItemsTable items={order.items} itemsTotal={order.itemsTotal} shippingFee={order.shippingFee} totalPrice={order.totalPrice} />
          {awaitsFormation(order) && <FormationNote paymentDueDays={settings?.paymentDueDays} />}
          {awaitsPayment(order) && settings && (
            <BankDetails settings={settings} amount={order.totalPrice} dueAt={order.paymentDueAt ?? undefined}>
              <BankDigitsForm key={order.bankAccountNo} given={order.bankAccountNo === NO_BANK_DIGITS ? null : order.bankAccountNo} save={saveDigits} />
            </BankDetails>
          )}
          <h2 className="orders__heading">訂單紀錄</h2>
          <ol className="order-history">
            {order.statusHistory.map((h, i) => (
              <li key={`${h.at}-${i}`}>
                <time dateTime={h.at}>{formatDateTime(h.at)}</time> {ORDER_STATUS_LABELS[h.status] ?? h.status}
                {h.note && <span className="muted">（{h.note}）</span>}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

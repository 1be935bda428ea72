import { ORDER_STATUS_LABELS } from '@contracts/orders';
import { awaitsFormation } from '@domain/order';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { formatDateTime, formatMoney } from '@contracts/format';
import { useShopSettings } from '@/lib/shop-settings';
import { useDocumentMeta } from '@/lib/use-document-title';
import { useGroupOrder } from '../api/group-order';
import { FormationNote } from '@/components/formation-note';
import { BankDetails } from '@/components/bank-details';
import { BankDigitsNote } from '@/components/bank-digits-note';
import { OrderItemsTable } from '@/components/order-items-table';
import { PlanLoadError, PlanLoading } from './plan-page';
import '../group-buying.css';

/** /ezbuy/success?planId&orderId: the order number, the amount, the bank details and the deadline. */
export function GroupSuccessPage({ planId, orderId }: { planId: string; orderId: string }) {
  useDocumentMeta('團購訂單完成');
  const order = useGroupOrder(planId, orderId);
  const settings = useShopSettings();
  if (order.status === 'error' && isApiError(order.error) && order.error.statusCode === 404) throw order.error;
  if (order.status === 'loading') return <PlanLoading label="訂單資料載入中…" />;
  if (order.status === 'error') return <PlanLoadError onRetry={order.reload} />;
  const o = order.data;
  // A pay-after-成團 campaign below its threshold: nothing to pay yet, so no bank details and no deadline.
  const waiting = awaitsFormation(o);

  return (
    <section className="gb-success" aria-labelledby="success-title">
      <h1 id="success-title">訂單已送出，感謝您的訂購！</h1>
      <p className="lead">
        {waiting ? '確認信已寄到您的電子郵件信箱。這個團購成團後才收款，目前不需匯款。' : '確認信已寄到您的電子郵件信箱。請於期限內匯款，我們確認款項後即安排出貨。'}
      </p>

      <dl className="gb-success__summary">
        <dt>訂單號碼</dt>
        <dd data-testid="order-no" className="gb-success__order-no">
          {o.orderNo}
        </dd>
        <dt>{waiting ? '訂單金額' : '應付金額'}</dt>
        <dd data-testid="order-total" className="gb-success__amount">
          {formatMoney(o.totalPrice)}
        </dd>
        <dt>匯款期限</dt>
        <dd data-testid="payment-due">
          {o.paymentDueAt ? `${formatDateTime(o.paymentDueAt)} 前${settings ? `（${settings.paymentDueDays} 天內）` : ''}` : '成團後起算，收款通知會寄到您的信箱'}
        </dd>
        <dt>訂單狀態</dt>
        <dd data-testid="order-status">{ORDER_STATUS_LABELS[o.status]}</dd>
        <dt>取貨方式</dt>
        <dd data-testid="pickup">{o.pickup ? `自取：${o.pickup.name}（${o.pickup.address}${o.pickup.hours ? `，${o.pickup.hours}` : ''}）` : '郵寄到府'}</dd>
      </dl>

      {waiting ? (
        <FormationNote paymentDueDays={settings?.paymentDueDays} />
      ) : settings ? (
        <BankDetails settings={settings} amount={o.totalPrice} dueAt={o.paymentDueAt ?? undefined}>
          {/* The digits are given at checkout or afterwards through the lookup (a guest has no order page). */}
          <BankDigitsNote digits={o.masked ? null : o.bankAccountNo} where={{ to: `/order?orderNo=${encodeURIComponent(o.orderNo)}`, label: '訂單查詢' }} />
        </BankDetails>
      ) : (
        <PlanLoading label="匯款資訊載入中…" />
      )}

      <section aria-labelledby="items-title">
        <h2 id="items-title">訂購明細</h2>
        <OrderItemsTable items={o.items} priceLabel="優惠價" itemsTotal={o.itemsTotal} shippingFee={o.shippingFee} totalPrice={o.totalPrice} totalLabel={waiting ? '訂單金額' : '應付金額'} />
      </section>

      <p className="gb-success__actions">
        <Link className="btn btn--primary" to={`/ezbuy/${planId}`}>
          返回訂購頁
        </Link>
      </p>
    </section>
  );
}

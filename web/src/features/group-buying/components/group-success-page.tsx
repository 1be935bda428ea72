import { ORDER_STATUS_LABELS } from '@contracts/orders';
import { awaitsFormation } from '@domain/order';
import type { ShopSettings } from '@contracts/settings';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { formatDateTime, formatMoney } from '@contracts/format';
import { useShopSettings } from '@/lib/shop-settings';
import { useDocumentMeta } from '@/lib/use-document-title';
import { useGroupOrder } from '../api/group-order';
import { FormationNote } from '@/components/formation-note';
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
  const bank = settings?.bank;
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

      {waiting ? <FormationNote paymentDueDays={settings?.paymentDueDays} /> : <BankSection bank={bank} />}

      <section aria-labelledby="items-title">
        <h2 id="items-title">訂購明細</h2>
        <ul className="gb-success__items">
          {o.items.map((i) => (
            <li key={i.productId}>
              <span>{i.name}</span>
              <span>
                {formatMoney(i.unitPrice)} × {i.qty} = {formatMoney(i.totalPrice)}
              </span>
            </li>
          ))}
          {o.shippingFee > 0 && (
            <li>
              <span>運費</span>
              <span>{formatMoney(o.shippingFee)}</span>
            </li>
          )}
        </ul>
      </section>

      <p className="gb-success__actions">
        <Link className="btn btn--primary" to={`/ezbuy/${planId}`}>
          返回訂購頁
        </Link>
      </p>
    </section>
  );
}

/** Where to transfer the money (not shown while the order waits for 成團: nothing to pay yet). */
function BankSection({ bank }: { bank: ShopSettings['bank'] | undefined }) {
  return (
    <section className="gb-bank" aria-labelledby="bank-title">
      <h2 id="bank-title">匯款資訊</h2>
      {!bank && <PlanLoading label="匯款資訊載入中…" />}
      {bank && (
        <dl data-testid="bank-details">
          <dt>銀行</dt>
          <dd>
            {bank.name}（代碼 {bank.code}）{bank.branch}
          </dd>
          <dt>戶名</dt>
          <dd>{bank.accountName}</dd>
          <dt>帳號</dt>
          <dd className="gb-bank__account">{bank.account}</dd>
        </dl>
      )}
      <p className="muted">匯款後請保留收據；若下單時尚未填寫匯款帳號末 5 碼，請來信或透過 LINE 告知訂單號碼與末 5 碼。逾期未匯款，訂單將自動取消。</p>
    </section>
  );
}

import { NextSteps } from '@/components/next-steps';
import { formatMoney } from '@contracts/format-core';
import { awaitsFormation } from '@domain/order';
import { useShopSettings } from '@/lib/shop-settings';
import { useOrder } from '../api';
import { BankDetails } from '@/components/bank-details';
import { BankDigitsNote } from '@/components/bank-digits-note';
import { FormationNote } from '@/components/formation-note';
import { LoadState } from './order-parts';
import '../orders.css';

/** /cart/success/{orderId}: the order number, the amount, the bank details and the deadline. */
export function OrderSuccess({ userId, orderId }: { userId: string; orderId: string }) {
  const { data: order, error, status } = useOrder(userId, orderId);
  const loading = status === 'loading';
  const settings = useShopSettings();
  return (
    <section className="order-success" aria-labelledby="success-title">
      <h1 id="success-title">訂單已送出，感謝您的訂購！</h1>
      <LoadState loading={loading} error={error} />
      {order && (
        <>
          <p className="order-success__lead">
            您的訂單號碼是 <strong className="order-no" data-testid="order-no">{order.orderNo}</strong>，訂單金額{' '}
            <strong data-testid="order-total">{formatMoney(order.totalPrice)}</strong>。確認信已寄到 {order.email}。
          </p>
          {awaitsFormation(order) ? (
            <FormationNote paymentDueDays={settings?.paymentDueDays} />
          ) : settings ? (
            <BankDetails settings={settings} amount={order.totalPrice} dueAt={order.paymentDueAt ?? undefined}>
              <BankDigitsNote digits={order.bankAccountNo} where={{ to: `/order/${order.orderId}`, label: '訂單詳情' }} />
            </BankDetails>
          ) : (
            <LoadState loading error={null} label="載入匯款資訊…" />
          )}
          <NextSteps
            steps={[
              { to: `/order/${order.orderId}`, label: '查看訂單詳情' },
              { to: '/order', label: '我的訂單' },
              { to: '/bookstore', label: '繼續購物' },
            ]}
          />
        </>
      )}
    </section>
  );
}

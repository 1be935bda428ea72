import { ORDER_STATUS_LABELS, type OrderItem, type OrderStatus } from '@contracts/orders';
import { describeError } from '@contracts/errors';
import { Spinner } from '@/components/page-status';
import { isApiError } from '@/lib/api-client';
import { formatMoney } from '@contracts/format';

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`order-status order-status--${status}`}>{ORDER_STATUS_LABELS[status] ?? status}</span>;
}

export function ItemsTable({ items, itemsTotal, shippingFee, totalPrice }: { items: OrderItem[]; itemsTotal: number; shippingFee: number; totalPrice: number }) {
  return (
    <div className="order-items__wrap">
    <table className="order-items">
      <caption className="visually-hidden">訂購內容</caption>
      <thead>
        <tr>
          <th scope="col">產品名稱</th>
          <th scope="col">單價</th>
          <th scope="col">數量</th>
          <th scope="col">小計</th>
        </tr>
      </thead>
      <tbody>
        {items.map((i) => (
          <tr key={i.productId}>
            <td>{i.name}</td>
            <td>{formatMoney(i.unitPrice)}</td>
            <td>{i.qty}</td>
            <td>{formatMoney(i.totalPrice)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={3}>
            商品小計
          </th>
          <td>{formatMoney(itemsTotal)}</td>
        </tr>
        <tr>
          <th scope="row" colSpan={3}>
            運費
          </th>
          <td>{shippingFee === 0 ? '免運' : formatMoney(shippingFee)}</td>
        </tr>
        <tr>
          <th scope="row" colSpan={3}>
            總金額
          </th>
          <td>
            <strong>{formatMoney(totalPrice)}</strong>
          </td>
        </tr>
      </tfoot>
    </table>
    </div>
  );
}

export function LoadState({ loading, error, label = '載入訂單中…' }: { loading: boolean; error: unknown; label?: string }) {
  if (loading) return <Spinner label={label} />;
  if (error)
    return (
      <p className="order-error" role="alert">
        {isApiError(error) ? describeError(error.statusCode, error.statusMessage) : '載入失敗，請稍後再試'}
      </p>
    );
  return null;
}

import { formatMoney, shippingFeeText } from '@contracts/format';
import './order-items-table.css';
import { Thead } from '@/components/thead';

// The one table of an order's lines: an order's page, the order lookup, and the confirmation step of
// both checkouts (there with the prices shown for confirmation; the server prices the order itself).

export interface OrderItemRow {
  productId: string;
  name: string;
  qty: number;
  unitPrice: number;
  totalPrice: number;
}

export interface OrderItemsTableProps {
  items: readonly OrderItemRow[];
  /** 單價, or 優惠價 for a campaign's group price. */
  priceLabel?: string;
  /** Shown with 商品小計 above it; left out where no shipping is charged separately. */
  shippingFee?: number;
  itemsTotal?: number;
  totalPrice: number;
  totalLabel?: string;
}

export function OrderItemsTable({ items, priceLabel = '單價', shippingFee, itemsTotal, totalPrice, totalLabel = '總金額' }: OrderItemsTableProps) {
  return (
    <div className="order-items__wrap">
      <table className="data-table order-items">
        <caption className="visually-hidden">訂購內容</caption>
        <Thead columns={['產品名稱', priceLabel, '數量', '小計']} />
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
          {shippingFee !== undefined && (
            <>
              <tr>
                <th scope="row" colSpan={3}>
                  商品小計
                </th>
                <td>{formatMoney(itemsTotal ?? items.reduce((n, i) => n + i.totalPrice, 0))}</td>
              </tr>
              <tr>
                <th scope="row" colSpan={3}>
                  運費
                </th>
                <td>{shippingFeeText(shippingFee)}</td>
              </tr>
            </>
          )}
          <tr>
            <th scope="row" colSpan={3}>
              {totalLabel}
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

import type { Order } from '@contracts/orders';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { Thead } from '@/components/thead';
import { formatDateTime, formatMoney } from '@contracts/format';

// The console's two recurring tables: a list of orders (the order list, a campaign's orders) and
// books with a count and an amount (an order's lines, a campaign's per-book totals).

/** Orders, newest first as given; `detail` is the one column that differs between the pages. */
/** The 訂單號碼 cell of the owner's order tables: the number, linked to the order's page (and what `children` adds). */
export function OrderNoCell({ order, children }: { order: Pick<Order, 'orderId' | 'orderNo'>; children?: ReactNode }) {
  return (
    <td data-label="訂單號碼">
      <Link to={`/admin/orders/${order.orderId}`}>{order.orderNo}</Link>
      {children}
    </td>
  );
}

/** The buyer's cell: the name, with a contact (phone or email) in small type under it when given. */
export function BuyerCell({ label, name, contact }: { label: string; name: string; contact?: string }) {
  return (
    <td data-label={label}>
      {name}
      {contact ? <span className="admin-sub">{contact}</span> : null}
    </td>
  );
}

export function OrdersTable({ orders, detail, caption, busy, withPhone = false }: {
  orders: readonly Order[];
  detail: { label: string; cell: (o: Order) => ReactNode };
  caption?: string;
  busy?: boolean;
  withPhone?: boolean;
}) {
  return (
    <table className="stacked-table admin-table" aria-busy={busy}>
      {caption ? <caption className="visually-hidden">{caption}</caption> : null}
      <Thead columns={['訂單號碼', '訂單日期', '訂購人', detail.label, { label: '總金額', num: true }, '狀態']} />
      <tbody>
        {orders.map((o) => (
          <tr key={o.orderId}>
            <OrderNoCell order={o} />
            <td data-label="訂單日期">{formatDateTime(o.createdAt)}</td>
            <BuyerCell label="訂購人" name={o.buyer || o.receiver.name} contact={withPhone ? o.phone : undefined} />
            <td data-label={detail.label}>{detail.cell(o)}</td>
            <td data-label="總金額" className="num">
              {formatMoney(o.totalPrice)}
            </td>
            <td data-label="狀態">
              <OrderStatusBadge status={o.status} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Books with a count and an amount: 書名 / 數量 / `amountLabel`. */
export function BookAmountsTable<T>({ rows, rowKey, name, count, amount, amountLabel }: {
  rows: readonly T[];
  rowKey: (r: T) => string;
  name: (r: T) => ReactNode;
  count: (r: T) => ReactNode;
  amount: (r: T) => number;
  amountLabel: string;
}) {
  return (
    <table className="stacked-table admin-table">
      <Thead columns={['書名', { label: '數量', num: true }, { label: amountLabel, num: true }]} />
      <tbody>
        {rows.map((r) => (
          <tr key={rowKey(r)}>
            <td data-label="書名">{name(r)}</td>
            <td data-label="數量" className="num">
              {count(r)}
            </td>
            <td data-label={amountLabel} className="num">
              {formatMoney(amount(r))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

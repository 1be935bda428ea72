import { ORDER_STATUS_LABELS, type OrderStatus } from '@contracts/orders';

/** An order's status as the member's pages and the owner's console show it (styles: .status-badge). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`status-badge status-badge--${status}`}>{ORDER_STATUS_LABELS[status] ?? status}</span>;
}

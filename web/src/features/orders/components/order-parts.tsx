import { ORDER_STATUS_LABELS, type OrderStatus } from '@contracts/orders';
import { describeError } from '@contracts/errors';
import { Spinner } from '@/components/page-status';
import { isApiError } from '@/lib/api-client';

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`order-status order-status--${status}`}>{ORDER_STATUS_LABELS[status] ?? status}</span>;
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

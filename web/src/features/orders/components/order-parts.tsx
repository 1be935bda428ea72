import { describeError } from '@contracts/errors';
import { Spinner } from '@/components/page-status';
import { isApiError } from '@/lib/api-client';


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

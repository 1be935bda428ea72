import { useParams } from 'react-router';
import { OrderView } from '@/features/orders/components/order-view';
import { useDocumentMeta } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';

export function Component() {
  useDocumentMeta('訂單詳情');
  const { orderId = '' } = useParams();
  const session = useSession();
  return <div className="page">{session && <OrderView userId={session.userId} orderId={orderId} />}</div>;
}

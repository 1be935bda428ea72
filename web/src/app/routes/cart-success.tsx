import { useParams } from 'react-router';
import { OrderSuccess } from '@/features/orders/components/order-success';
import { useDocumentMeta } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';

export function Component() {
  useDocumentMeta('訂單完成');
  const { orderId = '' } = useParams();
  const session = useSession();
  return <div className="page">{session && <OrderSuccess userId={session.userId} orderId={orderId} />}</div>;
}

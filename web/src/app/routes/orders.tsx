import { useSearchParams } from 'react-router';
import { LookupForm } from '@/features/orders/components/lookup-form';
import { MyOrders } from '@/features/orders/components/my-orders';
import { useDocumentMeta } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';

export function Component() {
  useDocumentMeta('訂單查詢');
  const session = useSession();
  // The order mails link here with ?orderNo=: a guest only types the email or phone, a member is sent to
  // the order, or to the lookup when it is not in the account (my-orders.tsx).
  const [params] = useSearchParams();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">訂單查詢</h1>
      {session ? <MyOrders userId={session.userId} lookingFor={params.get('orderNo') ?? ''} /> : <LookupForm initialOrderNo={params.get('orderNo') ?? ''} />}
    </section>
  );
}

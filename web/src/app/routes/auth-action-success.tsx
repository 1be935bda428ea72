import { useParams } from 'react-router';
import { AuthActionSuccessPage } from '@/features/account/components/auth-action-success-page';
import { useCartCount } from '@/features/cart/cart-store';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  const { modeSuccess } = useParams();
  useDocumentMeta(modeSuccess === 'resetPassword-success' ? '密碼已重設' : '信箱驗證成功');
  // Books waiting in this browser's cart: the shopper signed up on the way to the checkout.
  const cartCount = useCartCount();
  return <AuthActionSuccessPage toCart={cartCount > 0} />;
}

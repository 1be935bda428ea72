import { useParams } from 'react-router';
import { cart } from '@/features/cart/cart-store';
import { BookDetail } from '@/features/catalogue/components/book-detail';
import { notify } from '@/lib/toast';

function addToCart(productId: string, qty: number) {
  cart.add(productId, qty);
  notify('success', '已加入購物車');
}

export function Component() {
  const { productId = '' } = useParams();
  return <BookDetail key={productId} productId={productId} onAddToCart={addToCart} />;
}

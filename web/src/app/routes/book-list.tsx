import { cart } from '@/features/cart/cart-store';
import { BookList } from '@/features/catalogue/components/book-list';
import { ShippingText } from '@/components/shipping-text';
import { NeedsJavaScript } from '@/components/needs-javascript';
import { notify } from '@/lib/toast';
import { useDocumentMeta } from '@/lib/use-document-title';

function addToCart(productId: string, qty: number) {
  cart.add(productId, qty);
  notify('success', '已加入購物車');
}

export function Component() {
  useDocumentMeta('訂購書籍', '青嶼出版的公司登記、營業稅、會計與契約實務書，線上訂購，郵寄到府。');
  return (
    <section className="page catalogue-page" aria-labelledby="page-title">
      <h1 id="page-title">訂購書籍</h1>
      <p className="lead">
        為實務現場而寫的專業書：公司登記、營業稅、會計與契約。
        <ShippingText after="。" />
      </p>
      <NeedsJavaScript what="加入購物車與結帳" />
      <BookList onAddToCart={addToCart} />
    </section>
  );
}

import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Spinner } from '@/components/page-status';
import { CartView } from '@/features/cart/components/cart-view';
import { cart } from '@/features/cart/cart-store';
import { usePricedCart } from '@/features/cart/use-priced-cart';
import { SHOP_CHECKOUT_DRAFT } from '@/features/checkout/api';
import { hasDraft } from '@/lib/checkout-draft';
import { useDocumentMeta } from '@/lib/use-document-title';

// The checkout (and its form library) loads when the shopper asks for it, not with the cart.
const Checkout = lazy(() => import('@/features/checkout/components/checkout').then((m) => ({ default: m.Checkout })));

export function Component() {
  useDocumentMeta('購物車');
  const navigate = useNavigate();
  const { loading, error, lines, removed, stockKnown, purchasable } = usePricedCart();
  // A checkout left half-way in this tab (the back button, a reload) opens again with its draft.
  const [checkingOut, setCheckingOut] = useState(() => hasDraft(SHOP_CHECKOUT_DRAFT));

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">購物車</h1>
      {removed > 0 && (
        <p className="cart__notice" role="status">
          有 {removed} 項商品已下架，已自購物車移除。
        </p>
      )}
      {loading && <Spinner label="載入購物車…" />}
      {Boolean(error) && (
        <p role="alert" className="muted">
          書籍資料載入失敗，請重新整理頁面。
        </p>
      )}
      {!loading && !error && lines.length === 0 && (
        <p>
          購物車是空的。<Link to="/bookstore">前往訂購書籍</Link>
        </p>
      )}
      {lines.length > 0 && (
        <>
          <CartView lines={lines} stockKnown={stockKnown} />
          {!checkingOut ? (
            <div className="cart__checkout">
              <Link className="btn btn--ghost" to="/bookstore">
                繼續購物
              </Link>
              <button type="button" className="btn btn--primary" disabled={!purchasable} onClick={() => setCheckingOut(true)}>
                前往結帳
              </button>
            </div>
          ) : (
            <Suspense fallback={<Spinner label="載入結帳表單…" />}>
              <Checkout
                lines={lines}
                ready={purchasable}
                onPlaced={(order) => {
                  cart.clear();
                  void navigate(`/cart/success/${order.orderId}`, { replace: true });
                }}
              />
            </Suspense>
          )}
        </>
      )}
    </section>
  );
}

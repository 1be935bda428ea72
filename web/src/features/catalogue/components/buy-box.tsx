import { useCallback, useId, useState } from 'react';
import { Link } from 'react-router';
import type { AddToCart } from '../types';
import { LineInquiry } from './line-inquiry';
import { LiveStock } from './live-stock';
import { QuantityStepper } from '@/components/quantity-stepper';
import { StockAlertForm } from './stock-alert-form';
import { NeedsJavaScript } from '@/components/needs-javascript';
import { usePostedForm } from '@/lib/posted-form';

/** Orders above this go through the shop by phone or LINE. */
const MAX_PER_ADD = 99;

interface Props {
  productId: string;
  name: string;
  /** The API's count (null: unavailable just now): shown until the live document arrives, and whenever it cannot. */
  stock: number | null;
  onAddToCart: AddToCart;
}

/**
 * 到貨通知我 posted without JavaScript from the sold-out page after the book came back (409 IN_STOCK):
 * the box offers the book, and says why there was no sign-up.
 */
function BackInStock({ text }: { text: string }) {
  return (
    <p className="stock-alert__error" role="alert">
      {text}
    </p>
  );
}

/** Stock (live), a quantity picker capped at it and 加入購物車; a LINE inquiry when sold out. */
export function BuyBox({ productId, name, stock, onAddToCart }: Props) {
  const apiQty = stock;
  const [liveQty, setLiveQty] = useState<number | null>(null);
  const [wanted, setWanted] = useState(1);
  const onQty = useCallback((q: number) => setLiveQty(q), []);
  const qtyId = useId();
  const known = liveQty ?? apiQty;
  const available = known ?? 0;
  const max = Math.min(available, MAX_PER_ADD);
  const qty = Math.max(1, Math.min(wanted, max));
  const refused = usePostedForm('stockAlert');

  if (known === null) {
    return (
      <div className="buy-box">
        <LiveStock productId={productId} onQty={onQty} />
        <p className="buy-box__stock" role="status">
          暫時無法取得庫存，請稍後重新整理頁面。
        </p>
      </div>
    );
  }

  return (
    // Sold out, the whole box is #stock-alert (a book card's 缺貨中 link): it lands with 目前缺貨中 above the
    // form, both below the sticky header (scroll-margin-top, styles/global.css).
    <div className="buy-box" id={available > 0 && !refused ? undefined : 'stock-alert'}>
      <LiveStock productId={productId} onQty={onQty} />
      <p className="buy-box__stock" aria-live="polite">
        {available > 0 ? (
          <>
            庫存 <strong data-testid="stock-qty">{available}</strong> 本
          </>
        ) : (
          <strong className="buy-box__soldout" data-testid="stock-qty">
            目前缺貨中
          </strong>
        )}
      </p>
      {available > 0 && refused ? <BackInStock text={refused.text} /> : null}
      {available > 0 ? (
        <form
          className="buy-box__form"
          onSubmit={(e) => {
            e.preventDefault();
            onAddToCart(productId, qty);
          }}
        >
          <div className="qty-picker">
            <label htmlFor={qtyId} className="qty-picker__label">
              數量
            </label>
            <QuantityStepper
              id={qtyId}
              value={qty}
              min={1}
              max={max}
              onChange={(n) => setWanted(Number.isFinite(n) ? Math.trunc(n) : 1)}
              label="數量"
              describedBy={`${qtyId}-hint`}
            />
            <span id={`${qtyId}-hint`} className="qty-picker__hint muted">
              最多 {max} 本
            </span>
          </div>
          <button type="submit" className="btn btn--primary buy-box__add">
            加入購物車
          </button>
          <Link className="buy-box__cart-link" to="/cart">
            前往購物車結帳
          </Link>
          {/* The cart lives in the browser: without JavaScript say so, instead of a button that only reloads. */}
          <NeedsJavaScript what="加入購物車與結帳" className="needs-js buy-box__nojs" />
        </form>
      ) : (
        <div className="buy-box__inquiry">
          <p className="muted">這本書暫時缺貨：留下電子郵件，到貨時通知您；也歡迎透過 LINE 詢問到貨時間或預訂。</p>
          <StockAlertForm productId={productId} bookName={name} />
          <LineInquiry bookName={name} />
        </div>
      )}
    </div>
  );
}

import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '@contracts/format-core';
import { cart } from '../cart-store';
import type { PricedCartLine } from '../priced-lines';
import { ConfirmDialog } from './confirm-dialog';
import { QuantityStepper } from '@/components/quantity-stepper';
import '../cart.css';

export interface CartViewProps {
  lines: PricedCartLine[];
  stockKnown: boolean;
}

/** The cart table: quantities capped at the live stock; going below 1 asks before removing. */
export function CartView({ lines, stockKnown }: CartViewProps) {
  const [confirming, setConfirming] = useState<PricedCartLine | null>(null);
  const cancel = useCallback(() => setConfirming(null), []);
  const itemsTotal = lines.reduce((n, l) => n + l.unitPrice * l.qty, 0);

  const change = (line: PricedCartLine, qty: number) => {
    if (!Number.isFinite(qty)) return;
    if (qty < 1) return setConfirming(line);
    cart.setQty(line.productId, Math.min(Math.floor(qty), line.maxQty));
  };

  return (
    <div className="cart">
      <ul className="cart__lines" aria-label="購物車內容">
        {lines.map((line) => (
          <li key={line.productId} className="cart-line">
            <img className="cart-line__img" src={line.imgSrc} alt="" width="64" height="88" loading="lazy" />
            <div className="cart-line__info">
              <Link to={`/bookstore/${line.productId}`} className="cart-line__name">
                {line.name}
              </Link>
              <span className="muted">單價 {formatMoney(line.unitPrice)}</span>
              {stockKnown && line.stock <= 0 ? (
                <span className="cart-line__warn">目前缺貨，請移除此項商品</span>
              ) : stockKnown && line.qty > line.stock ? (
                <span className="cart-line__warn">庫存僅剩 {line.stock} 本</span>
              ) : null}
            </div>
            <QuantityStepper
              className="cart-line__qty"
              value={line.qty}
              min={0}
              max={line.maxQty}
              onChange={(n) => change(line, n)}
              label={`${line.name} 數量`}
              decreaseLabel="減少一本"
              increaseLabel="增加一本"
            />
            <div className="cart-line__total">{formatMoney(line.unitPrice * line.qty)}</div>
            <button type="button" className="cart-line__remove btn btn--small btn--ghost" onClick={() => setConfirming(line)}>
              刪除
            </button>
          </li>
        ))}
      </ul>
      <p className="cart__total">
        商品小計 <strong data-testid="cart-items-total">{formatMoney(itemsTotal)}</strong>
      </p>
      <ConfirmDialog
        open={confirming !== null}
        title="您確定要刪除嗎?"
        message={confirming ? `將《${confirming.name}》自購物車移除。` : undefined}
        confirmLabel="刪除"
        onConfirm={() => {
          if (confirming) cart.remove(confirming.productId);
          setConfirming(null);
        }}
        onCancel={cancel}
      />
    </div>
  );
}

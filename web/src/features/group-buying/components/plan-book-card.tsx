import type { GroupPlanProduct } from '@contracts/group-buying';
import { useState, type ReactNode } from 'react';
import { formatMoney } from '@contracts/format-core';
import { notify } from '@/lib/toast';
import { groupCart, useGroupCart } from '../group-cart-store';
import { clampQty, QuantityStepper } from '@/components/quantity-stepper';

export const stockLabel = (stock: number) => (stock > 100 ? '>100' : String(stock));

/** The most one order may hold of a book: its stock, capped by the plan's maxPerOrder. */
export const maxOrderable = (p: Pick<GroupPlanProduct, 'stock' | 'maxPerOrder'>) => Math.max(0, Math.min(p.stock, p.maxPerOrder ?? p.stock));

/** Draws a book's cover; the route passes the catalogue's responsive picture. */
export type CoverRenderer = (cover: { src: string; alt: string }) => ReactNode;

interface Props {
  cover?: CoverRenderer;
  planId: string;
  product: GroupPlanProduct;
  isOpen: boolean;
  onCheckout: () => void;
}

export function PlanBookCard({ cover, planId, product: p, isOpen, onCheckout }: Props) {
  const inCart = useGroupCart(planId).find((l) => l.productId === p.productId)?.qty ?? 0;
  const max = maxOrderable(p);
  const room = Math.max(0, max - inCart);
  const [qty, setQty] = useState(0);
  const picked = Math.min(qty, room);
  const titleId = `book-${p.productId}`;

  const add = () => {
    if (picked <= 0) return false;
    const now = groupCart.add(planId, p.productId, picked, max);
    setQty(0);
    notify('success', `已將《${p.name}》加入購物車（共 ${now} 本）`);
    return true;
  };
  // 前往結帳 takes what is picked along, then goes to the form (the cart may already hold this book).
  const addAndCheckout = () => {
    add();
    onCheckout();
  };

  return (
    <article className="gb-book" aria-labelledby={titleId} style={p.primaryColor ? { ['--book-color' as string]: p.primaryColor } : undefined}>
      <div className="gb-book__cover">
        {cover ? (
          cover({ src: p.imgSrc, alt: `《${p.name}》封面` })
        ) : (
          <img src={p.imgSrc} alt={`《${p.name}》封面`} width={240} height={360} loading="lazy" decoding="async" onError={(e) => (e.currentTarget.style.visibility = 'hidden')} />
        )}
      </div>
      <div className="gb-book__head">
        {p.slogan && <p className="gb-book__slogan">{p.slogan}</p>}
        <h3 id={titleId} className="gb-book__title">
          {p.name}
        </h3>
        {p.subtitle && <p className="gb-book__subtitle">{p.subtitle}</p>}
      </div>
      <div className="gb-book__buy">
        <p className="gb-book__prices">
          <span className="gb-book__group-price">
            優惠價 <strong>{formatMoney(p.groupPrice)}</strong>
          </span>
          <span className="gb-book__list-price">
            定價 <s>{formatMoney(p.listPrice)}</s>
          </span>
        </p>
        <p className="gb-book__meta">
          <span>庫存：{stockLabel(p.stock)}</span>
          {p.maxPerOrder != null && <span>每筆限購 {p.maxPerOrder} 本</span>}
          {inCart > 0 && <span className="gb-book__in-cart">購物車已有 {inCart} 本</span>}
        </p>
        {isOpen &&
          (max === 0 ? (
            <p className="gb-book__soldout">已售完</p>
          ) : (
            <div className="gb-book__actions">
              <QuantityStepper value={picked} max={room} onChange={(n) => setQty(clampQty(n, 0, room))} label={`《${p.name}》數量`} />
              <button type="button" className="btn btn--ghost" onClick={add} disabled={picked === 0}>
                加入購物車
              </button>
              <button type="button" className="btn btn--primary" onClick={addAndCheckout} disabled={picked === 0 && inCart === 0}>
                前往結帳
              </button>
            </div>
          ))}
        {p.overview && (
          <details className="gb-book__intro">
            <summary>書籍簡介</summary>
            <p>{p.overview}</p>
          </details>
        )}
      </div>
    </article>
  );
}

import type { GroupPlanProduct } from '@contracts/group-buying';
import { formatMoney } from '@contracts/format-core';
import { groupCart, type GroupCartLine } from '../group-cart-store';
import { maxOrderable } from './plan-book-card';
import { clampQty, QuantityStepper } from '@/components/quantity-stepper';
import { Thead } from '@/components/thead';

export interface PricedLine {
  product: GroupPlanProduct;
  qty: number;
  total: number;
}

/** Cart lines priced for display at the plan's group price (the server prices the order itself). */
export function priceLines(lines: readonly GroupCartLine[], products: readonly GroupPlanProduct[]): PricedLine[] {
  const byId = new Map(products.map((p) => [p.productId, p]));
  return lines.flatMap((l) => {
    const product = byId.get(l.productId);
    if (!product) return [];
    const qty = Math.min(l.qty, maxOrderable(product));
    return qty > 0 ? [{ product, qty, total: qty * product.groupPrice }] : [];
  });
}

/** The group cart's lines with their quantity pickers (the confirmation step shows components/order-items-table.tsx). */
export function CartLines({ planId, lines }: { planId: string; lines: PricedLine[] }) {
  const total = lines.reduce((n, l) => n + l.total, 0);
  return (
    <div className="gb-lines">
      <table className="gb-lines__table">
        <caption className="visually-hidden">團購購物車明細</caption>
        <Thead columns={['書名', '優惠價', '數量', '小計']} />
        <tbody>
          {lines.map(({ product: p, qty, total: sub }) => (
            <tr key={p.productId}>
              <th scope="row" data-label="書名">
                {p.name}
              </th>
              <td data-label="優惠價">{formatMoney(p.groupPrice)}</td>
              <td data-label="數量">
                <span className="gb-lines__qty">
                  <QuantityStepper value={qty} min={1} max={maxOrderable(p)} onChange={(n) => groupCart.setQty(planId, p.productId, clampQty(n, 1, maxOrderable(p)))} label={`《${p.name}》數量`} />
                  <button type="button" className="btn btn--small gb-lines__remove" onClick={() => groupCart.setQty(planId, p.productId, 0)}>
                    移除<span className="visually-hidden">《{p.name}》</span>
                  </button>
                </span>
              </td>
              <td data-label="小計">{formatMoney(sub)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              商品合計
            </th>
            <td data-testid="cart-total">{formatMoney(total)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

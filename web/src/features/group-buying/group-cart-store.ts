import { forgetCheckoutOrderId } from '@/lib/checkout-order-id';
import { useSyncExternalStore } from 'react';

// The group cart: one per plan, kept in this browser (no login). Separate from the shop cart.
// Prices are never stored: the server prices every line from the plan.
export interface GroupCartLine {
  productId: string;
  qty: number;
}

type Carts = Readonly<Record<string, readonly GroupCartLine[]>>;

const KEY = 'groupCart:v1';
const EMPTY: readonly GroupCartLine[] = Object.freeze([]);
const listeners = new Set<() => void>();
let carts: Carts = read();

function read(): Carts {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as unknown) : {};
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const out: Record<string, GroupCartLine[]> = {};
    for (const [planId, lines] of Object.entries(parsed as Record<string, unknown>)) {
      if (!Array.isArray(lines)) continue;
      const ok = lines.filter((l): l is GroupCartLine => typeof l?.productId === 'string' && Number.isInteger(l?.qty) && l.qty > 0);
      if (ok.length) out[planId] = ok;
    }
    return out;
  } catch {
    return {};
  }
}

function write(planId: string, lines: GroupCartLine[]) {
  const next: Record<string, readonly GroupCartLine[]> = { ...carts };
  if (lines.length) next[planId] = lines;
  else delete next[planId];
  carts = next;
  try {
    localStorage.setItem(KEY, JSON.stringify(carts));
  } catch {
    // private mode: the cart lives for this page only
  }
  listeners.forEach((l) => l());
}

export const groupCart = {
  lines: (planId: string): readonly GroupCartLine[] => carts[planId] ?? EMPTY,
  /** Adds copies, never above `max` in total. Returns the quantity now in the cart. */
  add(planId: string, productId: string, qty: number, max: number): number {
    const lines = groupCart.lines(planId);
    const current = lines.find((l) => l.productId === productId)?.qty ?? 0;
    const next = Math.max(0, Math.min(max, current + qty));
    groupCart.setQty(planId, productId, next);
    return next;
  },
  setQty(planId: string, productId: string, qty: number) {
    const lines = groupCart.lines(planId);
    if (qty <= 0) return write(planId, lines.filter((l) => l.productId !== productId));
    write(planId, lines.some((l) => l.productId === productId) ? lines.map((l) => (l.productId === productId ? { productId, qty } : l)) : [...lines, { productId, qty }]);
  },
  clear(planId: string) {
    write(planId, []);
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === KEY) {
      carts = read();
      listeners.forEach((l) => l());
    }
  });
}

export function useGroupCart(planId: string): readonly GroupCartLine[] {
  return useSyncExternalStore(groupCart.subscribe, () => groupCart.lines(planId), () => EMPTY);
}

/** The key of a plan's checkout for lib/checkout-order-id.ts. */
export const groupCheckoutKey = (planId: string) => `groupCheckout:${planId}`;

/** The order landed: the cart empties and the next checkout gets a new id. */
export function finishCheckout(planId: string) {
  groupCart.clear(planId);
  forgetCheckoutOrderId(groupCheckoutKey(planId));
}

import { useSyncExternalStore } from 'react';
import { storedLines, storedState, type StoredLine } from '@/lib/stored-state';

// The group cart: one per plan, kept in this browser (no login). Separate from the shop cart.
// Prices are never stored: the server prices every line from the plan.
export type GroupCartLine = StoredLine;

type Carts = Readonly<Record<string, readonly GroupCartLine[]>>;

const EMPTY: readonly GroupCartLine[] = Object.freeze([]);

function parseCarts(stored: unknown): Carts {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
  const out: Record<string, GroupCartLine[]> = {};
  for (const [planId, lines] of Object.entries(stored as Record<string, unknown>)) {
    const ok = storedLines(lines);
    if (ok.length) out[planId] = ok;
  }
  return out;
}

const store = storedState<Carts>('groupCart:v1', parseCarts, {});

function write(planId: string, lines: GroupCartLine[]) {
  const next: Record<string, readonly GroupCartLine[]> = { ...store.get() };
  if (lines.length) next[planId] = lines;
  else delete next[planId];
  store.set(next);
}

export const groupCart = {
  lines: (planId: string): readonly GroupCartLine[] => store.get()[planId] ?? EMPTY,
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
  subscribe: store.subscribe,
};

export function useGroupCart(planId: string): readonly GroupCartLine[] {
  return useSyncExternalStore(groupCart.subscribe, () => groupCart.lines(planId), () => EMPTY);
}

/** The key of a plan's checkout for lib/checkout-order-id.ts and lib/checkout-draft.ts. */
export const groupCheckoutKey = (planId: string) => `groupCheckout:${planId}`;

import { useSyncExternalStore } from 'react';
import { storedLines, storedState, type StoredLine } from '@/lib/stored-state';

// The shop cart, kept in the browser across reloads. Prices are never stored: the server decides them.
export type CartLine = StoredLine;

const store = storedState<CartLine[]>('cart:v1', storedLines, []);
const write = store.set;

export const cart = {
  lines: store.get,
  count: () => store.get().reduce((n, l) => n + l.qty, 0),
  add(productId: string, qty = 1) {
    const lines = store.get();
    const existing = lines.find((l) => l.productId === productId);
    write(existing ? lines.map((l) => (l.productId === productId ? { ...l, qty: l.qty + qty } : l)) : [...lines, { productId, qty }]);
  },
  setQty(productId: string, qty: number) {
    const lines = store.get();
    write(qty <= 0 ? lines.filter((l) => l.productId !== productId) : lines.map((l) => (l.productId === productId ? { ...l, qty } : l)));
  },
  remove(productId: string) {
    write(store.get().filter((l) => l.productId !== productId));
  },
  clear() {
    write([]);
  },
  subscribe: store.subscribe,
};

export function useCartCount(): number {
  return useSyncExternalStore(cart.subscribe, cart.count, () => 0);
}

export function useCartLines(): CartLine[] {
  return useSyncExternalStore(cart.subscribe, cart.lines, () => []);
}

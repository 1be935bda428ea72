import { useSyncExternalStore } from 'react';

// The shop cart, kept in the browser across reloads. Prices are never stored: the server decides them.
export interface CartLine {
  productId: string;
  qty: number;
}

const KEY = 'cart:v1';
type Listener = () => void;
const listeners = new Set<Listener>();
let lines: CartLine[] = read();

function read(): CartLine[] {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as unknown) : [];
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (l): l is CartLine => typeof l?.productId === 'string' && Number.isInteger(l?.qty) && l.qty > 0,
    );
  } catch {
    return [];
  }
}

function write(next: CartLine[]) {
  lines = next;
  try {
    localStorage.setItem(KEY, JSON.stringify(lines));
  } catch {
    // private mode: the cart lives for this page only
  }
  listeners.forEach((l) => l());
}

export const cart = {
  lines: () => lines,
  count: () => lines.reduce((n, l) => n + l.qty, 0),
  add(productId: string, qty = 1) {
    const existing = lines.find((l) => l.productId === productId);
    write(existing ? lines.map((l) => (l.productId === productId ? { ...l, qty: l.qty + qty } : l)) : [...lines, { productId, qty }]);
  },
  setQty(productId: string, qty: number) {
    write(qty <= 0 ? lines.filter((l) => l.productId !== productId) : lines.map((l) => (l.productId === productId ? { ...l, qty } : l)));
  },
  remove(productId: string) {
    write(lines.filter((l) => l.productId !== productId));
  },
  clear() {
    write([]);
  },
  subscribe(l: Listener) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === KEY) {
      lines = read();
      listeners.forEach((l) => l());
    }
  });
}

export function useCartCount(): number {
  return useSyncExternalStore(cart.subscribe, cart.count, () => 0);
}

export function useCartLines(): CartLine[] {
  return useSyncExternalStore(cart.subscribe, cart.lines, () => []);
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { storedLines, storedState } from '../stored-state';

// A Map-backed localStorage and a window that forwards `storage` events, as another tab would send them.
function browser(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  const handlers: ((e: { key: string }) => void)[] = [];
  vi.stubGlobal('localStorage', { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => data.set(k, v) });
  vi.stubGlobal('window', { addEventListener: (_: string, h: (e: { key: string }) => void) => handlers.push(h) });
  return { data, otherTabWrites: (k: string, v: string) => (data.set(k, v), handlers.forEach((h) => h({ key: k }))) };
}

afterEach(() => vi.unstubAllGlobals());

describe('storedState', () => {
  it('keeps only valid lines of what storage held', () => {
    browser({ cart: JSON.stringify([{ productId: 'a', qty: 2 }, { productId: 'b', qty: 0 }, { productId: 3, qty: 1 }, { productId: 'c', qty: 1.5 }, null]) });
    expect(storedState('cart', storedLines, []).get()).toEqual([{ productId: 'a', qty: 2 }]);
  });

  it('starts empty from garbage, and writes through to storage', () => {
    const b = browser({ cart: '{not json' });
    const s = storedState('cart', storedLines, []);
    expect(s.get()).toEqual([]);
    s.set([{ productId: 'x', qty: 1 }]);
    expect(JSON.parse(b.data.get('cart')!)).toEqual([{ productId: 'x', qty: 1 }]);
  });

  it("tells its listeners of another tab's change", () => {
    const b = browser();
    const s = storedState('cart', storedLines, []);
    const seen: unknown[] = [];
    const stop = s.subscribe(() => seen.push(s.get()));
    b.otherTabWrites('cart', JSON.stringify([{ productId: 'y', qty: 3 }]));
    b.otherTabWrites('other-key', '[]');
    stop();
    b.otherTabWrites('cart', '[]');
    expect(seen).toEqual([[{ productId: 'y', qty: 3 }]]);
  });
});

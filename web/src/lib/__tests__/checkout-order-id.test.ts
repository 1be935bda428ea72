import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkoutOrderId, forgetCheckoutOrderId, newOrderId } from '../checkout-order-id';

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
}

afterEach(() => vi.unstubAllGlobals());

describe('the checkout order id', () => {
  it('is made once per checkout and kept until the order lands, one per key', () => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    const shop = checkoutOrderId('checkout:orderId');
    expect(shop).toMatch(/^[0-9a-f]{32}$/);
    expect(checkoutOrderId('checkout:orderId')).toBe(shop);
    expect(checkoutOrderId('groupCheckout:cpaSouth')).not.toBe(shop);
    forgetCheckoutOrderId('checkout:orderId');
    expect(checkoutOrderId('checkout:orderId')).not.toBe(shop);
  });

  it('replaces a kept value the server would refuse', () => {
    const storage = memoryStorage();
    storage.setItem('k', 'bad id!');
    vi.stubGlobal('sessionStorage', storage);
    expect(checkoutOrderId('k')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('still gives an id where storage throws (private mode)', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('denied');
      },
    });
    expect(checkoutOrderId('k')).toMatch(/^[0-9a-f]{32}$/);
    expect(() => forgetCheckoutOrderId('k')).not.toThrow();
    expect(newOrderId()).not.toBe(newOrderId());
  });
});

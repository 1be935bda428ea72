// An order's id is made by the client once per checkout, so a retry or a double click of the submit
// button sends the same id and the server answers with the order it already made instead of a second
// one. The id survives a reload of the checkout page (sessionStorage) until the order is placed.

const ID = /^[A-Za-z0-9_-]{16,64}$/;

/** 32 hex characters. */
export function newOrderId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID().replaceAll('-', '');
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The id of the checkout named `key` (the shop's cart, or one plan's group cart). */
export function checkoutOrderId(key: string): string {
  try {
    const kept = sessionStorage.getItem(key);
    if (kept && ID.test(kept)) return kept;
    const id = newOrderId();
    sessionStorage.setItem(key, id);
    return id;
  } catch {
    return newOrderId(); // private mode: the id lives as long as the page
  }
}

/** After the order landed, or after the server refused the id (ORDER_CONFLICT): the next one is new. */
export function forgetCheckoutOrderId(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // nothing kept
  }
}

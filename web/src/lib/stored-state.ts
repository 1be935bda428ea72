// State kept in this browser's localStorage across reloads, the same in every tab (the `storage` event),
// read by components through useSyncExternalStore: the shop cart and each campaign's group cart.

export interface StoredState<T> {
  get(): T;
  set(next: T): void;
  subscribe(listener: () => void): () => void;
}

/** `parse` turns what storage holds (any JSON, or garbage from an older version) into a valid T. */
export function storedState<T>(key: string, parse: (stored: unknown) => T, empty: T): StoredState<T> {
  const listeners = new Set<() => void>();
  const read = (): T => {
    try {
      const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
      return raw ? parse(JSON.parse(raw) as unknown) : empty;
    } catch {
      return empty;
    }
  };
  let value = read();
  const notify = () => listeners.forEach((l) => l());
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (e) => {
      if (e.key !== key) return;
      value = read();
      notify();
    });
  }
  return {
    get: () => value,
    set(next) {
      value = next;
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // private mode: the state lives for this page only
      }
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** A cart line as stored: a product and a whole, positive number of copies (never a price). */
export interface StoredLine {
  productId: string;
  qty: number;
}

/** The valid lines of what storage held; anything else is dropped. */
export const storedLines = (stored: unknown): StoredLine[] =>
  Array.isArray(stored) ? stored.filter((l): l is StoredLine => typeof l?.productId === 'string' && Number.isInteger(l?.qty) && l.qty > 0) : [];

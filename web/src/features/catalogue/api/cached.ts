// A small promise cache for React 19's use(): the same key gives the same promise while it is fresh,
// so a component can suspend on it; a failure is forgotten so that the next visit asks again.
interface Entry<T> {
  at: number;
  promise: Promise<T>;
}
const entries = new Map<string, Entry<unknown>>();

export function cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const hit = entries.get(key) as Entry<T> | undefined;
  if (hit && Date.now() - hit.at < ttlMs) return hit.promise;
  const promise = load();
  entries.set(key, { at: Date.now(), promise });
  promise.catch(() => {
    if (entries.get(key)?.promise === promise) entries.delete(key);
  });
  return promise;
}

import { useCallback, useSyncExternalStore } from 'react';

// One text field kept in this tab's sessionStorage while it is typed: the browser's Back button, a reload
// or a detour to another page gives it back (the checkout keeps its whole draft the same way, in
// web/src/lib/checkout-draft.ts). Read through useSyncExternalStore with an empty server snapshot, so a
// page rendered on the server hydrates as it was rendered and shows the kept text right after.

const PREFIX = 'field:';
const listeners = new Set<() => void>();

function read(key: string): string {
  try {
    return (typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(PREFIX + key)) ?? '';
  } catch {
    return '';
  }
}

function write(key: string, text: string): void {
  try {
    if (text) sessionStorage.setItem(PREFIX + key, text);
    else sessionStorage.removeItem(PREFIX + key);
  } catch {
    // private mode or a full store: the text lives as long as the page does, as any field's would
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** `[text, setText]` for the field `key`; `setText('')` forgets it (after the form was sent). */
export function useSessionText(key: string): [string, (text: string) => void] {
  const text = useSyncExternalStore(subscribe, () => read(key), () => '');
  const set = useCallback((next: string) => write(key, next), [key]);
  return [text, set];
}

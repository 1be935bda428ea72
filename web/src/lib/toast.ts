// react-toastify is loaded on first use, keeping it out of the storefront's first JS: the container
// (web/src/app/toast-host.tsx) mounts only once a toast is asked for. A toast sent before the container
// has mounted waits in react-toastify's own queue and shows when it mounts.
import { useSyncExternalStore } from 'react';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

let asked = false;
const listeners = new Set<() => void>();

export function notify(kind: ToastKind, message: string): void {
  if (!asked) {
    asked = true;
    for (const l of listeners) l();
  }
  void import('react-toastify').then(({ toast }) => toast[kind](message));
}

/** Whether a toast has been asked for in this page's life: the app mounts the container from then on. */
export function useToastAsked(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => asked,
    () => false,
  );
}

// react-toastify is loaded on first use, keeping it out of the storefront's first JS: the container
// (web/src/app/toast-host.tsx) mounts only once a toast is asked for, so a visit that shows none never
// fetches the library. A toast sent before the container has mounted waits in react-toastify's own
// queue (its store keeps it until a container registers) and shows when it mounts.
import { useSyncExternalStore } from 'react';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

let asked = false;
const listeners = new Set<() => void>();

export function notify(kind: ToastKind, message: string): void {
  if (!asked) {
    asked = true;
    // The app starts loading the container now, alongside the library below rather than after it; told
    // in a microtask so that a toast asked for during a render never updates the app in the middle of it.
    queueMicrotask(() => {
      for (const l of listeners) l();
    });
  }
  void import('react-toastify').then(({ toast }) => toast[kind](message));
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** Whether a toast has been asked for in this page's life: the app mounts the container from then on. */
export function useToastAsked(): boolean {
  return useSyncExternalStore(subscribe, () => asked, () => false);
}

// react-toastify is loaded on first use, keeping it out of the storefront's first JS.
export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export function notify(kind: ToastKind, message: string): void {
  void import('react-toastify').then(({ toast }) => toast[kind](message));
}

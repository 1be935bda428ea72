// UI constants from the shop's specification: toasts close after 3 s at the top centre, without a close
// button; a failed chunk load reloads the page once per 10 s; likely next routes are fetched 1 s after load.
export const TOAST_OPTIONS = {
  autoClose: 3000,
  position: 'top-center',
  hideProgressBar: false,
  closeButton: false,
  theme: 'colored',
  pauseOnFocusLoss: false,
} as const;

export const RELOAD_GUARD_MS = 10_000;

// UI constants from the seed (section 9) and DESIGN.md section 6.
export const TOAST_OPTIONS = {
  autoClose: 3000,
  position: 'top-center',
  hideProgressBar: false,
  closeButton: false,
  theme: 'colored',
  pauseOnFocusLoss: false,
} as const;

/** Layer order: tooltips and modals above overlays and menus (mirrored in styles/global.css). */
export const Z_INDEX = { tooltip: 1100, modal: 1100, overlay: 1000, menu: 1000 } as const;

/** Date pickers start the week on Sunday; short dates are mm/dd/yy. */
export const DATE_SETTINGS = { format: 'mm/dd/yy', firstDayOfWeek: 0 } as const;

/** No ripple effect on buttons (the shop's own buttons have none). */
export const RIPPLE = false;

export const RELOAD_GUARD_MS = 10_000;
export const PREFETCH_DELAY_MS = 1000;

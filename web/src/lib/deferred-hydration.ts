// A part of a rendered page that is below the fold on every page (the footer's newsletter form) need not
// be in the page's first JS: the server renders it whole, and the browser leaves that HTML as it is (a
// dehydrated Suspense boundary: visible, readable, focusable) until the part is needed, then loads its
// code and React hydrates it (docs/storefront.md, "Fourth round"). A submit before then is held by the
// boot script (web/src/boot.ts) and sent again once React owns the form.

let holding = false;
const waiting = new Set<() => void>();

/** main.tsx, before hydrating a rendered page: its deferred parts wait for whenNeeded's signals. */
export function holdDeferredParts(): void {
  holding = true;
}

/**
 * Wakes every part still waiting, and lets later ones load at once. main.tsx calls it on the router's
 * first change (a navigation, a revalidation): a dehydrated boundary that a render reaches can only be
 * hydrated, so React would hold that render (a transition) until the part's code is there.
 */
export function wakeDeferredParts(): void {
  holding = false;
  for (const wake of [...waiting]) wake();
}

// The part is used: focused (Tab), pressed, typed in, sent.
const USE = ['focusin', 'pointerdown', 'touchstart', 'keydown', 'click', 'input', 'submit'] as const;

/**
 * Resolves when the server-rendered element `id` is needed: at once on the server, in a page the browser
 * renders itself (the shell, a client navigation) or when the element is not there; otherwise when it
 * comes within a screen's height of the viewport, when it is used, or at wakeDeferredParts.
 */
export function whenNeeded(id: string): Promise<void> {
  const el = holding && typeof document !== 'undefined' ? document.getElementById(id) : null;
  if (!el || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const wake = () => {
      observer.disconnect();
      for (const type of USE) el.removeEventListener(type, wake, true);
      waiting.delete(wake);
      resolve();
    };
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && wake(), { rootMargin: '0px 0px 100% 0px' });
    observer.observe(el);
    for (const type of USE) el.addEventListener(type, wake, { capture: true, passive: true });
    waiting.add(wake);
  });
}

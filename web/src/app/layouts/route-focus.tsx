import { useEffect } from 'react';
import { useLocation } from 'react-router';

// After a navigation, focus moves to the new page's heading, so a screen reader announces the page
// and the next Tab starts from its top, as after a full page load. The first load keeps the
// browser's own start (the skip link first). Module state, not component state: moving between
// layouts remounts this component, and that is still a navigation.
let firstPage = true;
const WAIT_MS = 3000;

export function RouteFocus() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (firstPage) {
      firstPage = false;
      return;
    }
    let cancelled = false;
    const started = performance.now();
    const focusHeading = () => {
      if (cancelled) return;
      const main = document.getElementById('main');
      const heading = main?.querySelector<HTMLElement>('h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      } else if (performance.now() - started < WAIT_MS) {
        // A page that loads its data first shows its heading a moment later.
        requestAnimationFrame(focusHeading);
      } else {
        main?.focus({ preventScroll: true });
      }
    };
    requestAnimationFrame(focusHeading);
    return () => {
      cancelled = true;
    };
  }, [pathname]);
  return null;
}

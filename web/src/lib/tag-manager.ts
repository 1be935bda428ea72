import { env } from '@/config/env';

/**
 * Pages whose URL carries a secret (an organiser's or desk token, an oobCode, a cancel token): Tag
 * Manager never loads there, so no tag sees the URL or sends it as a page view (issue 31). firebase.json
 * serves them with Referrer-Policy: no-referrer too.
 */
const SECRET_PATHS = ['/organizer', '/organizer/desk', '/user/authAction', '/user/cancelSubscribe', '/stockAlert/cancel', '/closeReminder/cancel'];

export const carriesSecret = (pathname: string) => {
  const path = pathname.replace(/\/+$/, '') || '/';
  return SECRET_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
};

/** Loads Google Tag Manager only when VITE_GTM_ID is configured, after the page has loaded, and never on a page of carriesSecret. */
export function loadTagManager(): void {
  const id = env.gtmId;
  if (!id || carriesSecret(window.location.pathname)) return;
  const w = window as unknown as { dataLayer: unknown[] };
  w.dataLayer = w.dataLayer || [];
  w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const s = document.createElement('script');
  s.async = true;
  s.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
  document.head.appendChild(s);
}

import { env } from '@/config/env';

/** Loads Google Tag Manager only when VITE_GTM_ID is configured, after the page has loaded. */
export function loadTagManager(): void {
  const id = env.gtmId;
  if (!id) return;
  const w = window as unknown as { dataLayer: unknown[] };
  w.dataLayer = w.dataLayer || [];
  w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const s = document.createElement('script');
  s.async = true;
  s.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
  document.head.appendChild(s);
}

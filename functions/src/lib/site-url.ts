/**
 * Where mail links point: SITE_URL in production (functions/.env.<project>, docs/deploy.md), the Hosting
 * emulator's HOSTING_URL locally (scripts/lib/firebase-env.mjs). No built-in fallback: an address baked
 * in here would be an emulator's in a production mail (npm run deploy:check looks for one).
 */
export function siteUrl(): string {
  const configured = process.env.SITE_URL || process.env.HOSTING_URL;
  if (!configured) throw new Error('SITE_URL is not set (functions/.env.<project-id>, docs/deploy.md)');
  return configured.replace(/\/+$/, '');
}

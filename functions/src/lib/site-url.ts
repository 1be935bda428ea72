import { config } from '../config';

/**
 * The shop's address, for mail links and for the pages' canonical links, og:image and sitemap: SITE_URL in
 * production (functions/.env.<project>, docs/deploy.md), the Hosting emulator's HOSTING_URL locally
 * (scripts/lib/firebase-env.mjs); functions/src/config.ts reads both. No built-in fallback: an address
 * baked in here would be an emulator's in a production mail (npm run deploy:check looks for one).
 */
export function siteUrl(): string {
  const configured = config().siteUrl;
  if (!configured) throw new Error('SITE_URL is not set (functions/.env.<project-id>, docs/deploy.md)');
  return configured;
}

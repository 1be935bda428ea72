/** Where mail links point: SITE_URL in production (functions/.env.<project>), the Hosting emulator here. */
export function siteUrl(): string {
  return (process.env.SITE_URL || process.env.HOSTING_URL || 'http://127.0.0.1:5000').replace(/\/+$/, '');
}

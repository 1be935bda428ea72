import { describe, expect, it } from 'vitest';
import { cacheControlFor, PAGE_CACHE_CONTROL } from '../handler';

// Issue 24: a page that failed, wholly or in part, is never kept by the CDN for everyone.
const page = (status: number, flags: { failed?: boolean; personal?: boolean } = {}) => ({ status, failed: false, personal: false, ...flags });

describe('cacheControlFor', () => {
  it('lets the CDN keep a whole page and, briefly, a 404', () => {
    expect(cacheControlFor(page(200))).toBe(PAGE_CACHE_CONTROL);
    expect(cacheControlFor(page(404))).toMatch(/^public, .*s-maxage=10/);
  });
  it('keeps nothing of an error page or of a page with a part that failed to render', () => {
    expect(cacheControlFor(page(500))).toBe('no-store');
    expect(cacheControlFor(page(200, { failed: true }))).toBe('no-store');
    expect(cacheControlFor(page(404, { failed: true }))).toBe('no-store');
  });
  it('keeps nothing of a page that shows its query (an order number from a mail)', () => {
    expect(cacheControlFor(page(200, { personal: true }))).toBe('no-store');
  });
});

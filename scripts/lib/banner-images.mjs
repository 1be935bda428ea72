// A campaign's banners are pictures the owner puts in web/public/images/banner/ and names in the plan
// (/images/banner/<name>.jpg). Every build writes each one's AVIF and WebP beside it in the built site
// (<name>.avif, <name>.webp), which the campaign page offers first (web/src/lib/banner-image.ts): the
// banner is the page's largest paint, and its AVIF is a third of the JPEG (cpa-south-mobile: 32.6 →
// 10.7 KiB). Encoding takes most of a second a picture, so the results are kept in .cache/ by content.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './firebase-env.mjs';

/** The pictures that get variants; keep in step with web/src/lib/banner-image.ts. */
export const BANNER_SOURCE = /^[A-Za-z0-9_-]+\.(jpe?g|png)$/;
const CACHE = path.join(ROOT, '.cache', 'banner-variants');

/** Writes <name>.avif and <name>.webp for every banner in `dir` (a built site's images/banner). */
export async function writeBannerVariants(dir) {
  if (!existsSync(dir)) return 0;
  const { default: sharp } = await import('sharp');
  mkdirSync(CACHE, { recursive: true });
  let written = 0;
  for (const file of readdirSync(dir).filter((f) => BANNER_SOURCE.test(f))) {
    const source = readFileSync(path.join(dir, file));
    const key = createHash('sha256').update(source).digest('hex').slice(0, 24);
    const base = file.replace(/\.[^.]+$/, '');
    for (const [ext, encode] of [
      ['avif', (img) => img.avif({ quality: 50, effort: 4 })],
      ['webp', (img) => img.webp({ quality: 75 })],
    ]) {
      const cached = path.join(CACHE, `${key}.${ext}`);
      if (!existsSync(cached)) await encode(sharp(source)).toFile(cached);
      copyFileSync(cached, path.join(dir, `${base}.${ext}`));
      written++;
    }
  }
  return written;
}

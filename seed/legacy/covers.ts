// The old shop's covers that were file names relative to its site (`book1.jpg`, seed/legacy/mapping.ts
// isRelativeCover), brought into the shop's image paths as the owner's own books have them: under
// web/public/images/books/<productId>/, cover.jpg plus cover-<w>.{avif,webp,jpg} at the widths of
// web/src/lib/book-image.ts (scripts/book-images.mjs makes the demo books' the same way), published by the
// next Hosting deploy. A book whose cover is not in the folder given (--images) stays unlaunched and
// without a cover, with a line in the report. docs/migration.md, "Covers".
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { COVER } from '../../web/src/lib/book-image';
import type { ImportPlan } from './mapping';

export const coverPath = (productId: string) => `/images/books/${productId}/cover.jpg`;

/**
 * Finds each relative cover in `imagesDir` and, when `write`, renders it into `publicDir` (web/public);
 * sets the book's imgSrc and launches it again as the old shop had it. Adds a note per book either way.
 */
export async function bringCovers(plan: ImportPlan, imagesDir: string | undefined, publicDir: string, write: boolean): Promise<{ brought: number; missing: number }> {
  let brought = 0;
  for (const c of plan.covers) {
    const book = plan.products.find((p) => p.productId === c.productId);
    if (!book) continue;
    const source = imagesDir ? path.resolve(imagesDir, c.file) : null;
    // Only a file inside the folder given, and a book id the image paths allow (web/src/lib/book-image.ts).
    const inside = source !== null && !path.relative(path.resolve(imagesDir!), source).startsWith('..') && /^[A-Za-z0-9_-]+$/.test(c.productId);
    if (!source || !inside || !existsSync(source) || !statSync(source).isFile()) {
      const why = !imagesDir ? 'no --images folder was given' : `${c.file} is not in ${imagesDir}`;
      plan.notes.push(`book ${c.productId}: its cover "${c.file}" is a file name of the old site and ${why}: imported unlaunched, without a cover; give --images <the old site's image folder> before --apply (a book already imported is never overwritten: then put the cover under web/public/images/books/${c.productId}/, name it in /admin and launch the book there)`);
      continue;
    }
    if (write) {
      try {
        await renderCover(source, path.join(publicDir, 'images', 'books', c.productId));
      } catch (err) {
        plan.notes.push(`book ${c.productId}: its cover ${source} is not an image sharp can read (${(err as Error).message}): imported unlaunched, without a cover`);
        continue;
      }
    }
    book.imgSrc = coverPath(c.productId);
    book.launched = c.launched;
    brought++;
    plan.notes.push(`book ${c.productId}: cover ${c.file} ${write ? 'brought' : 'will be brought'} to ${path.join(path.relative(process.cwd(), publicDir) || '.', 'images', 'books', c.productId)}/ (${coverPath(c.productId)}); deploy Hosting to publish it`);
  }
  return { brought, missing: plan.covers.length - brought };
}

/** cover.jpg and cover-<w>.{avif,webp,jpg}, 2:3 like the shop's covers (cropped to fill, never stretched). */
async function renderCover(source: string, dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const base = sharp(source).rotate().resize(COVER.width, COVER.height, { fit: 'cover' });
  await base.clone().jpeg({ quality: 85, mozjpeg: true }).toFile(path.join(dir, 'cover.jpg'));
  for (const w of COVER.widths) {
    const h = Math.round((w * COVER.height) / COVER.width);
    const sized = base.clone().resize(w, h);
    await Promise.all([
      sized.clone().avif({ quality: 50, effort: 2 }).toFile(path.join(dir, `cover-${w}.avif`)),
      sized.clone().webp({ quality: 75 }).toFile(path.join(dir, `cover-${w}.webp`)),
      sized.clone().jpeg({ quality: 80, mozjpeg: true }).toFile(path.join(dir, `cover-${w}.jpg`)),
    ]);
  }
}

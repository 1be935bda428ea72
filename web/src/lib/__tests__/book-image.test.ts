import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { products } from '../../../../seed/data/products';
import { imageSources } from '../book-image';

// Every srcset candidate the pages name for the demo's books is a file Hosting serves: the widths in
// web/src/lib/book-image.ts and scripts/book-images.mjs (which draws them) stay in step.
const PUBLIC = path.resolve(__dirname, '../../../public');

describe('book images', () => {
  it('names only files that exist, for every cover and preview page of the demo books, in every format', () => {
    let checked = 0;
    for (const p of products) {
      const pictures: [string, 'cover' | 'preview'][] = [[p.imgSrc, 'cover'], ...p.previewImages.map((s): [string, 'preview'] => [s, 'preview'])];
      for (const [src, kind] of pictures) {
        const set = imageSources(src, kind);
        for (const list of [set.avif, set.webp, set.jpeg]) {
          expect(list, src).toBeDefined();
          for (const candidate of list!.split(', ')) {
            const file = candidate.split(' ')[0]!;
            expect(existsSync(path.join(PUBLIC, file)), file).toBe(true);
            checked++;
          }
        }
      }
    }
    // A preview page comes at 640, 800 and 1200 w: the 800 is what a 360–412 px phone at DPR 1.75–2 takes.
    expect(imageSources('/images/books/x/preview-1.jpg', 'preview').avif).toBe('/images/books/x/preview-1-640.avif 640w, /images/books/x/preview-1-800.avif 800w, /images/books/x/preview-1-1200.avif 1200w');
    expect(checked).toBeGreaterThan(100);
  });
});

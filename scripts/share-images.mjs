// Link previews (Open Graph, Twitter) want 1200×630. Makes one beside every book cover
// (web/public/images/books/<id>/share.jpg) and campaign banner (web/public/images/banner/<name>-share.jpg):
// the image whole, on a blurred and darkened copy of itself. web/src/app/head.ts (shareImageFor) links them.
//   node scripts/share-images.mjs
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const IMAGES = path.join(ROOT, 'web/public/images');
const W = 1200;
const H = 630;

async function card(src, out, { inner }) {
  const background = await sharp(src).resize(W, H, { fit: 'cover' }).blur(24).modulate({ brightness: 0.55 }).toBuffer();
  const front = await sharp(src).resize(inner.width, inner.height, { fit: 'inside' }).toBuffer();
  const meta = await sharp(front).metadata();
  await sharp(background)
    .composite([{ input: front, left: Math.round((W - meta.width) / 2), top: Math.round((H - meta.height) / 2) }])
    .jpeg({ quality: 82, mozjpeg: true })
    .toFile(out);
  console.log(path.relative(ROOT, out));
}

for (const id of readdirSync(path.join(IMAGES, 'books'))) {
  const cover = path.join(IMAGES, 'books', id, 'cover.jpg');
  if (existsSync(cover)) await card(cover, path.join(IMAGES, 'books', id, 'share.jpg'), { inner: { width: 560, height: 570 } });
}
for (const f of readdirSync(path.join(IMAGES, 'banner')).filter((n) => n.endsWith('-pc.jpg'))) {
  await card(path.join(IMAGES, 'banner', f), path.join(IMAGES, 'banner', f.replace(/-pc\.jpg$/, '-share.jpg')), { inner: { width: 1120, height: 560 } });
}

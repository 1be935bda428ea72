// Renders the storefront's small icons and the favicon as PNG from their SVG sources in
// scripts/content/icons/ (and web/public/favicon.svg), at three times the size each is shown, so they stay
// sharp on a phone's screen. Re-run after changing a source:
//   node scripts/content/render-icons.mjs
//
// Why PNG and not the SVG itself: Chromium gives every SVG shown as an image (an <img>, a favicon, a CSS
// background) a document of its own, made on the page's main thread. In Lighthouse traces of `/` the eight
// SVG pictures it showed (four reasons, three social icons, the favicon) cost 100-150 ms of main-thread
// time after the first paint, the favicon's alone 40-60 ms; a PNG is decoded off the main thread
// (docs/storefront.md, "Pictures as PNG, not SVG").
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SRC = path.join(ROOT, 'scripts/content/icons');
const PUBLIC = path.join(ROOT, 'web/public');

/** [source, output under web/public, width and height in px as written in the markup] */
const ICONS = [
  ...['why-direct', 'why-shipping', 'why-group', 'why-return'].map((n) => [`${SRC}/${n}.svg`, `images/home/${n}.png`, 56]),
  ...['line', 'facebook', 'instagram'].map((n) => [`${SRC}/${n}.svg`, `images/social/${n}.png`, 24]),
  [`${SRC}/folder.svg`, 'images/files/folder.png', 56],
  [`${SRC}/pdf.svg`, 'images/files/pdf.png', 18],
  [`${SRC}/docx.svg`, 'images/files/docx.png', 18],
];
/** The favicon's sizes: the tab (32 px, at 2x), and the home-screen icon iOS and Android ask for. */
const FAVICONS = [
  ['favicon-64.png', 64],
  ['apple-touch-icon.png', 180],
];

async function render(source, out, px) {
  // density scales the SVG's own 64 or 48 unit view box to the pixels wanted before rasterising.
  const meta = await sharp(source).metadata();
  const density = Math.ceil((72 * px) / Math.min(meta.width ?? px, meta.height ?? px));
  await sharp(source, { density }).resize(px, px).png({ palette: true, compressionLevel: 9 }).toFile(path.join(PUBLIC, out));
  console.log(`wrote web/public/${out} (${px} px)`);
}

for (const [source, out, shown] of ICONS) await render(source, out, shown * 3);
for (const [out, px] of FAVICONS) await render(path.join(PUBLIC, 'favicon.svg'), out, px);

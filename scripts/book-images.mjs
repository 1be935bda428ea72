// Draws the demo books' covers and preview spreads as SVG and renders them with sharp into
// web/public/images/books/<productId>/: <name>.jpg (the fallback the seed's imgSrc names) plus
// <name>-<width>.{avif,webp,jpg} for srcset. The widths must match web/src/lib/book-image.ts.
//   npx tsx scripts/book-images.mjs            (tsx: it reads the seed's TypeScript)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { products } from '../seed/data/products.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'web/public/images/books');
export const COVER = { width: 720, height: 1080, widths: [240, 480, 720] };
export const PREVIEW = { width: 1200, height: 800, widths: [640, 800, 1200] };

const SERIF = "'Noto Serif CJK TC', 'Noto Serif TC', serif";
const SANS = "'Noto Sans CJK TC', 'Noto Sans TC', sans-serif";
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Breaks Chinese text into lines of at most n characters, keeping punctuation off a line's start. */
function wrap(text, n) {
  const chars = [...text];
  const lines = [];
  let line = '';
  for (const c of chars) {
    if ([...line].length >= n && !/[，。、：；！？）」』》]/.test(c)) {
      lines.push(line);
      line = '';
    }
    line += c;
  }
  if (line) lines.push(line);
  return lines;
}

// Where a cover's title breaks, by meaning rather than by count.
const TITLE_BREAKS = {
  'company-registration-guide': ['公司登記', '實務全攻略'],
  'business-tax-handbook': ['營業稅申報', '實戰手冊'],
  'small-business-accounting': ['中小企業', '會計入門'],
  'commercial-contracts': ['商業契約', '範本與解析'],
  'labor-law-qa': ['勞動法規', '一百問'],
};

/** Splits a title into balanced lines of at most n characters. */
function titleLines(title, n, productId) {
  if (TITLE_BREAKS[productId]?.join('') === title) return TITLE_BREAKS[productId];
  const chars = [...title];
  const count = Math.ceil(chars.length / n);
  const per = Math.ceil(chars.length / count);
  const lines = [];
  for (let i = 0; i < chars.length; i += per) lines.push(chars.slice(i, i + per).join(''));
  return lines;
}

function mix(hex, white) {
  const n = parseInt(hex.slice(1), 16);
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => Math.round(v + (255 - v) * white));
  return `rgb(${ch.join(',')})`;
}

function islands(color, y, w) {
  // The publisher's motif: low islets on a calm sea.
  return `
    <path d="M0 ${y} Q ${w * 0.18} ${y - 70} ${w * 0.34} ${y - 10} T ${w * 0.62} ${y - 30} T ${w} ${y - 5} L ${w} ${y + 400} L 0 ${y + 400} Z" fill="${mix(color, 0.18)}" opacity="0.55"/>
    <path d="M0 ${y + 40} Q ${w * 0.3} ${y - 20} ${w * 0.55} ${y + 30} T ${w} ${y + 20} L ${w} ${y + 400} L 0 ${y + 400} Z" fill="${mix(color, 0.32)}" opacity="0.45"/>`;
}

function coverSvg(p) {
  const { width: w, height: h } = COVER;
  const color = p.bookIntroduction.primaryColor || '#2f5d62';
  const lines = titleLines(p.name, 5, p.productId);
  const titleSize = lines.length > 2 ? 84 : 96;
  const title = lines
    .map((l, i) => `<text x="64" y="${250 + i * (titleSize + 18)}" font-family="${SERIF}" font-weight="700" font-size="${titleSize}" fill="#fff" letter-spacing="6">${esc(l)}</text>`)
    .join('');
  const subY = 250 + lines.length * (titleSize + 18) + 30;
  const subtitle = wrap(p.subtitle.replace(/[（）]/g, ''), 15)
    .slice(0, 2)
    .map((l, i) => `<text x="66" y="${subY + i * 44}" font-family="${SANS}" font-size="32" fill="${mix(color, 0.8)}">${esc(l)}</text>`)
    .join('');
  const slogan = p.bookIntroduction.slogan
    ? `<text x="66" y="${subY + 150}" font-family="${SERIF}" font-size="34" fill="#fff" opacity="0.9">「${esc(p.bookIntroduction.slogan)}」</text>`
    : '';
  const badge = p.launched ? '' : `<rect x="${w - 250}" y="60" width="190" height="56" rx="28" fill="#fff" opacity="0.9"/><text x="${w - 155}" y="98" text-anchor="middle" font-family="${SANS}" font-size="28" fill="${color}">即將出版</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(color, 0.08)}"/><stop offset="1" stop-color="${color}"/></linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#g)"/>
    <rect x="0" y="0" width="22" height="${h}" fill="#000" opacity="0.18"/>
    <rect x="64" y="120" width="120" height="8" fill="#fff" opacity="0.85"/>
    ${badge}${title}${subtitle}${slogan}
    ${islands(color, h - 250, w)}
    <text x="66" y="${h - 120}" font-family="${SANS}" font-size="34" fill="#fff">${esc(p.author)}</text>
    <text x="66" y="${h - 64}" font-family="${SERIF}" font-size="30" fill="#fff" opacity="0.85" letter-spacing="8">青嶼出版</text>
  </svg>`;
}

function setCoverSvg(p, books) {
  const { width: w, height: h } = COVER;
  const color = p.bookIntroduction.primaryColor;
  const spines = books
    .map((b, i) => {
      const c = b.bookIntroduction.primaryColor;
      const x = 70 + i * 200;
      const chars = [...b.name].slice(0, 9);
      const text = chars.map((ch, j) => `<text x="${x + 85}" y="${200 + j * 52}" text-anchor="middle" font-family="${SERIF}" font-weight="700" font-size="44" fill="#fff">${esc(ch)}</text>`).join('');
      return `<rect x="${x}" y="120" width="170" height="600" rx="6" fill="${c}"/><rect x="${x}" y="120" width="14" height="600" fill="#000" opacity="0.2"/>${text}`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    <rect width="${w}" height="${h}" fill="${mix(color, 0.9)}"/>
    ${spines}
    <rect x="40" y="760" width="${w - 80}" height="280" rx="12" fill="${color}"/>
    <text x="70" y="850" font-family="${SERIF}" font-weight="700" font-size="72" fill="#fff" letter-spacing="8">${esc(p.name)}</text>
    <text x="72" y="910" font-family="${SANS}" font-size="30" fill="${mix(color, 0.75)}">${esc(p.subtitle)}</text>
    <text x="72" y="990" font-family="${SERIF}" font-size="30" fill="#fff" letter-spacing="8">青嶼出版\u3000三冊附書盒</text>
  </svg>`;
}

/** A two-page spread: a chapter opening on the left, a checklist or example on the right. */
function previewSvg(p, n) {
  const { width: w, height: h } = PREVIEW;
  const color = p.bookIntroduction.primaryColor || '#2f5d62';
  const chapters = p.bookIntroduction.summary.length ? p.bookIntroduction.summary : [p.name];
  const chapter = chapters[(n - 1) % chapters.length];
  const num = '一二三四五六七八九十'[(n - 1) % 10];
  const body = wrap(p.bookIntroduction.overview, 19).slice(0, 9);
  const bodyText = body.map((l, i) => `<text x="90" y="${330 + i * 40}" font-family="${SERIF}" font-size="24" fill="#333">${esc(l)}</text>`).join('');
  const items = [...p.content, ...p.bookIntroduction.detail].slice(0, 6);
  const checklist = items
    .map((item, i) => {
      const lines = wrap(item, 18).slice(0, 2);
      const y = 250 + i * 82;
      return `<rect x="660" y="${y - 24}" width="26" height="26" rx="4" fill="none" stroke="${color}" stroke-width="3"/>
        ${i % 2 === 0 ? `<path d="M665 ${y - 12} l7 8 l13 -16" stroke="${color}" stroke-width="4" fill="none"/>` : ''}
        ${lines.map((l, j) => `<text x="706" y="${y + j * 32}" font-family="${SANS}" font-size="23" fill="#333">${esc(l)}</text>`).join('')}`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    <rect width="${w}" height="${h}" fill="#d9d4ca"/>
    <rect x="30" y="30" width="${w / 2 - 32}" height="${h - 60}" fill="#fffdf8"/>
    <rect x="${w / 2 + 2}" y="30" width="${w / 2 - 32}" height="${h - 60}" fill="#fffdf8"/>
    <rect x="${w / 2 - 12}" y="30" width="24" height="${h - 60}" fill="#000" opacity="0.06"/>
    <text x="90" y="130" font-family="${SANS}" font-size="24" fill="${color}" letter-spacing="4">第${num}章</text>
    ${wrap(chapter.replace('：', '：\n'), 13)
      .join('')
      .split('\n')
      .flatMap((l) => wrap(l, 14))
      .slice(0, 2)
      .map((l, i, all) => `<text x="90" y="${(all.length > 1 ? 180 : 200) + i * 46}" font-family="${SERIF}" font-weight="700" font-size="${all.length > 1 ? 34 : 40}" fill="#222">${esc(l)}</text>`)
      .join('')}
    <rect x="90" y="250" width="80" height="5" fill="${color}"/>
    ${bodyText}
    <text x="90" y="${h - 60}" font-family="${SANS}" font-size="18" fill="#888">${esc(p.name)}</text>
    <text x="${w / 2 - 70}" y="${h - 60}" font-family="${SANS}" font-size="18" fill="#888">${n * 24 - 1}</text>
    <rect x="640" y="110" width="${w / 2 - 130}" height="70" rx="8" fill="${mix(color, 0.85)}"/>
    <text x="665" y="157" font-family="${SANS}" font-weight="700" font-size="28" fill="${color}">本章重點整理</text>
    ${checklist}
    <text x="${w - 110}" y="${h - 60}" font-family="${SANS}" font-size="18" fill="#888">${n * 24}</text>
  </svg>`;
}

async function render(svg, dir, name, { width, height, widths }) {
  const master = await sharp(Buffer.from(svg), { density: 72 }).resize(width, height).png().toBuffer();
  const files = [];
  const out = (f) => {
    files.push(f);
    return path.join(dir, f);
  };
  await sharp(master).flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }).toFile(out(`${name}.jpg`));
  for (const w of widths) {
    const img = () => sharp(master).resize(w).flatten({ background: '#ffffff' });
    await img().avif({ quality: 50, effort: 4 }).toFile(out(`${name}-${w}.avif`));
    await img().webp({ quality: 76 }).toFile(out(`${name}-${w}.webp`));
    await img().jpeg({ quality: 80, mozjpeg: true }).toFile(out(`${name}-${w}.jpg`));
  }
  return files;
}

/** A one-page PDF holding a JPEG of the corrected page (the errata table's file link). */
function pdfWithJpeg(jpeg, w, h) {
  const pageW = 595;
  const pageH = Math.round((595 * h) / w);
  const content = `q ${pageW} 0 0 ${pageH} 0 0 cm /Im0 Do Q`;
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageW} ${pageH}] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>`,
    null,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  const chunks = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets = [];
  let size = chunks[0].length;
  objs.forEach((o, i) => {
    offsets.push(size);
    const parts =
      o === null
        ? [Buffer.from(`${i + 1} 0 obj\n<< /Type /XObject /Subtype /Image /Width ${w} /Height ${h} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`), jpeg, Buffer.from('\nendstream\nendobj\n')]
        : [Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`)];
    for (const b of parts) {
      chunks.push(b);
      size += b.length;
    }
  });
  const xref = `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`;
  chunks.push(Buffer.from(xref));
  return Buffer.concat(chunks);
}

function erratumSvg(p, e) {
  const w = 1240;
  const h = 1754;
  const lines = e.content.flatMap((c) => wrap(c, 30));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    <rect width="${w}" height="${h}" fill="#fff"/>
    <text x="120" y="200" font-family="${SERIF}" font-weight="700" font-size="56" fill="#222">${esc(p.name)} 勘誤表</text>
    <text x="120" y="270" font-family="${SANS}" font-size="30" fill="#666">公告日期：${esc(e.postDate)}\u3000青嶼出版編輯部</text>
    <rect x="120" y="310" width="${w - 240}" height="4" fill="#2f5d62"/>
    <text x="120" y="400" font-family="${SANS}" font-weight="700" font-size="36" fill="#2f5d62">${esc(e.chapter)}\u3000${esc(e.title)}</text>
    ${lines.map((l, i) => `<text x="120" y="${480 + i * 54}" font-family="${SERIF}" font-size="34" fill="#222">${esc(l)}</text>`).join('')}
    <text x="120" y="${h - 160}" font-family="${SANS}" font-size="28" fill="#666">造成讀者不便，敬請見諒。更正內容已於再刷時修訂。</text>
  </svg>`;
}

async function main() {
  const byId = new Map(products.map((p) => [p.productId, p]));
  let count = 0;
  for (const p of products) {
    const dir = path.join(OUT, p.productId);
    mkdirSync(dir, { recursive: true });
    const set = p.productId === 'practice-trilogy-set' ? ['company-registration-guide', 'business-tax-handbook', 'small-business-accounting'].map((id) => byId.get(id)) : null;
    count += (await render(set ? setCoverSvg(p, set) : coverSvg(p), dir, 'cover', COVER)).length;
    for (let n = 1; n <= p.previewImages.length; n++) count += (await render(previewSvg(p, n), dir, `preview-${n}`, PREVIEW)).length;
    for (const e of p.erratum) {
      if (!e.file?.startsWith('/files/')) continue;
      const jpeg = await sharp(Buffer.from(erratumSvg(p, e))).flatten({ background: '#fff' }).jpeg({ quality: 82 }).toBuffer();
      const file = path.join(ROOT, 'web/public', e.file);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, pdfWithJpeg(jpeg, 1240, 1754));
      count++;
    }
  }
  console.log(`wrote ${count} files under web/public`);
}

await main();

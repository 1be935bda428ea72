// Renders the group-buy plan banners (web/public/images/banner/*.jpg) from HTML in Chromium, so the
// Chinese lettering uses the Noto CJK fonts. Run: node scripts/group-buying/render-banners.mjs
import { chromium } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../web/public/images/banner');

const banners = [
  { name: 'cpa-south', from: '#1f4e5a', to: '#2f7d74', accent: '#f2b45a', kicker: '南區會計師公會 × 青嶼書房', title: '年度實務書團購', sub: '公司登記・營業稅・事務所實務' },
  { name: 'onecircle', from: '#4a3b63', to: '#7a5c8f', accent: '#f5d28a', kicker: '一圈讀書會', title: '秋季共讀團購', sub: '中小企業會計入門' },
  { name: 'tax-season', from: '#6b3a22', to: '#a04b12', accent: '#ffe0a3', kicker: '中區記帳士聯誼會', title: '報稅季聯合團購', sub: '營業稅・會計工具書' },
];

const sizes = [
  { suffix: 'pc', width: 1600, height: 500, titleSize: 88, kickerSize: 34, subSize: 32, pad: 120 },
  { suffix: 'mobile', width: 800, height: 500, titleSize: 72, kickerSize: 28, subSize: 26, pad: 56 },
];

function html(b, s) {
  const books = Array.from({ length: 7 }, (_, i) => {
    const h = 150 + ((i * 37) % 110);
    const w = 34 + ((i * 13) % 22);
    const tone = i % 3 === 0 ? b.accent : i % 3 === 1 ? 'rgba(255,255,255,.85)' : 'rgba(255,255,255,.35)';
    return `<div style="width:${w}px;height:${h}px;background:${tone};border-radius:4px 4px 2px 2px;box-shadow:inset -6px 0 0 rgba(0,0,0,.12)"></div>`;
  }).join('');
  return `<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8"><style>
  html,body{margin:0}
  body{width:${s.width}px;height:${s.height}px;overflow:hidden;font-family:'Noto Serif CJK TC','Noto Sans CJK TC',serif;
    background:radial-gradient(circle at 85% 20%, rgba(255,255,255,.18), transparent 40%),linear-gradient(120deg, ${b.from}, ${b.to});color:#fff;position:relative}
  .text{position:absolute;left:${s.pad}px;top:50%;transform:translateY(-50%);max-width:${s.suffix === 'pc' ? 900 : 560}px}
  .kicker{font-family:'Noto Sans CJK TC',sans-serif;font-size:${s.kickerSize}px;letter-spacing:.08em;color:${b.accent};font-weight:700}
  .title{font-size:${s.titleSize}px;font-weight:900;line-height:1.2;margin:.15em 0 .2em;text-shadow:0 4px 18px rgba(0,0,0,.25)}
  .sub{font-family:'Noto Sans CJK TC',sans-serif;font-size:${s.subSize}px;opacity:.9}
  .shelf{position:absolute;right:${s.suffix === 'pc' ? 120 : -40}px;bottom:0;display:flex;align-items:flex-end;gap:8px;opacity:${s.suffix === 'pc' ? 1 : 0.35};
    border-bottom:14px solid rgba(0,0,0,.25);padding:0 20px}
  .ring{position:absolute;right:-120px;top:-160px;width:520px;height:520px;border-radius:50%;border:40px solid rgba(255,255,255,.07)}
  </style></head><body><div class="ring"></div><div class="shelf">${books}</div>
  <div class="text"><div class="kicker">${b.kicker}</div><div class="title">${b.title}</div><div class="sub">${b.sub}</div></div></body></html>`;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
for (const b of banners) {
  for (const s of sizes) {
    await page.setViewportSize({ width: s.width, height: s.height });
    await page.setContent(html(b, s));
    await page.evaluate('document.fonts.ready');
    const file = path.join(OUT, `${b.name}-${s.suffix}.jpg`);
    await page.screenshot({ path: file, type: 'jpeg', quality: 78 });
    if (process.env.PREVIEW_DIR) await page.screenshot({ path: path.join(process.env.PREVIEW_DIR, `${b.name}-${s.suffix}.png`) });
    console.log(file);
  }
}
await browser.close();

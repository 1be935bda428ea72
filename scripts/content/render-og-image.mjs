// Renders web/public/images/other/og-image.png (1200 x 630, the Open Graph picture) from HTML with
// the shop's logo and colours, in Debian's Chromium. Re-run after changing the identity.
//   node scripts/content/render-og-image.mjs
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const logo = readFileSync(path.join(ROOT, 'web/public/favicon.svg'), 'utf8');
const hero = readFileSync(path.join(ROOT, 'web/public/images/banner/home-hero.svg'), 'utf8');

const html = `<!doctype html><html lang="zh-Hant-TW"><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:72px 80px;display:flex;align-items:center;gap:56px;
  background:#faf7f2;font-family:'Noto Sans CJK TC',sans-serif;color:#1f2a2e;border-bottom:18px solid #2f5d62">
  <div style="flex:1">
    <div style="display:flex;align-items:center;gap:20px"><div style="width:84px;height:84px">${logo}</div>
      <div style="font-family:'Noto Serif CJK TC',serif;font-weight:700;font-size:46px;letter-spacing:6px">青嶼書房</div></div>
    <div style="font-family:'Noto Serif CJK TC',serif;font-weight:700;font-size:64px;line-height:1.3;margin-top:40px">實務工作者的<br>專業書房</div>
    <div style="font-size:26px;color:#4a5a60;margin-top:24px">公司登記・營業稅・會計・契約｜出版社直營・郵寄免運</div>
  </div>
  <div style="width:430px">${hero}</div>
</div></body></html>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.screenshot({ path: path.join(ROOT, 'web/public/images/other/og-image.png') });
await browser.close();
console.log('wrote web/public/images/other/og-image.png');

// Bytes of pictures per product card on a listing page (issue 24; docs/performance.md "Pictures").
//
//   node scripts/bench/picture-bytes.mjs http://127.0.0.1:18700 /catalog/ [--original-bytes N]
//
// Opens the page at 375 px (2× screen) and 1280 px (1× screen) in Chromium, scrolls through it so every lazy picture
// loads, and sums the bytes of the pictures the cards fetched (`/pictures/…` responses; the body size, as served).
// `--original-bytes`: the size of one feed original, to put beside the figure what hot-linking it cost per card.
import path from 'node:path';
import { createRequire } from 'node:module';

const [base, pagePath = '/catalog/'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const flag = process.argv.indexOf('--original-bytes');
const original = flag > 0 ? Number(process.argv[flag + 1]) : null;
const root = path.resolve(import.meta.dirname, '../..');
const { chromium } = createRequire(path.join(root, 'web/package.json'))('@playwright/test');

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
console.log('| width | cards | picture bytes | per card | formats | hot-linked originals per card |');
console.log('|---|---|---|---|---|---|');
for (const [width, scale] of [[375, 2], [1280, 1]]) {
  const context = await browser.newContext({ viewport: { width, height: 800 }, deviceScaleFactor: scale });
  const page = await context.newPage();
  const pictures = new Map();
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/pictures/')) return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    pictures.set(url.pathname, body.length);
  });
  await page.goto(base + pagePath);
  for (let y = 0; y < 20; y++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(150);
  }
  await page.waitForLoadState('networkidle');
  const cards = await page.locator('[data-testid="product-card"]').count();
  const bytes = [...pictures.values()].reduce((a, b) => a + b, 0);
  const formats = [...new Set([...pictures.keys()].map((p) => p.split('/').at(-1)))].sort().join(', ');
  console.log(
    `| ${width} px (${scale}×) | ${cards} | ${(bytes / 1024).toFixed(1)} KB | ${(bytes / 1024 / Math.max(cards, 1)).toFixed(1)} KB | ${formats} | ${original ? `${(original / 1024).toFixed(0)} KB` : ''} |`,
  );
  await context.close();
}
await browser.close();

#!/usr/bin/env node
// The first seconds of a page under Lighthouse's mobile conditions (issue 33): how long after its first contentful
// paint the app is ready (`data-app-ready` on <html>: hydrated, and what the shopper did before acted on).
//
//   node scripts/bench/first-seconds.mjs URL [--runs 5] [--pages home,section,product,search] [--encodings gzip] [--json]
//
// Each run is a fresh browser context (a first visit, nothing cached) at 412×823, with devtools throttling set
// through CDP: 4× CPU slowdown, 150 ms round trips, 1.6 Mbit/s down and 750 kbit/s up (Lighthouse's "slow 4G").
// Prints, per page, the medians of FCP, the load event, when the modules were asked for and had arrived (and their
// bytes on the wire), the app's readiness and the gap between it and FCP (ms), and the range of the gap.
// `--encodings "gzip, deflate"` is sent as the requests' Accept-Encoding: a baseline without the build's Brotli twins
// in the same run.
// Needs Chromium (`CHROME_PATH`, default /usr/bin/chromium) and web/node_modules (Playwright).
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(fileURLToPath(new URL('../../web/package.json', import.meta.url)));
const { chromium } = require('@playwright/test');

const args = process.argv.slice(2);
const base = args.find((a) => !a.startsWith('--'))?.replace(/\/$/, '');
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
if (!base) {
  console.error('usage: first-seconds.mjs URL [--runs 5] [--pages home,section,product,search] [--encodings gzip] [--json]');
  process.exit(2);
}
const runs = Number(option('runs', '5'));
const wanted = option('pages', 'home,section,product,search').split(',');
const encodings = option('encodings', '');

const CPU_SLOWDOWN = 4;
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

async function getJson(path) {
  const response = await fetch(base + path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

/** The four pages of lighthouse.py, found through the shop's API so any catalogue works. */
async function pages() {
  const { sections } = await getJson('/api/sections');
  const section = sections.reduce((a, b) => (b.offerCount > a.offerCount ? b : a));
  const offer = (await getJson(`/api/sections/${section.id}/offers?perPage=1`)).items[0];
  const word = offer.name.split(/\s+/)[0];
  return [
    ['home', '/'],
    ['section', section.url],
    ['product', offer.url],
    ['search', `/search/?q=${encodeURIComponent(word)}`],
  ].filter(([name]) => wanted.includes(name));
}

/** Records, from the first byte, when the app marks itself ready (ms since navigation start). */
function watchReady() {
  // Before the page's first byte there is no <html> yet: the document itself is watched.
  const mark = () => {
    if (document.documentElement?.hasAttribute('data-app-ready') && window.__readyAt === undefined) {
      window.__readyAt = performance.now();
    }
  };
  new MutationObserver(mark).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-app-ready'] });
}

async function measure(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  if (encodings) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': encodings } });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.addInitScript(watchReady);
  await page.goto(base + url, { waitUntil: 'load', timeout: 60_000 });
  await page.waitForFunction(() => window.__readyAt !== undefined, null, { timeout: 60_000 });
  const figures = await page.evaluate(() => {
    const scripts = performance.getEntriesByType('resource').filter((e) => /\/assets\/.*\.js$/.test(e.name));
    return {
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      load: performance.getEntriesByType('navigation')[0]?.loadEventStart ?? NaN,
      // The page's modules: when the first was asked for, and when the last of them had arrived.
      modulesStart: Math.min(...scripts.map((e) => e.startTime)),
      modulesEnd: Math.max(...scripts.filter((e) => e.startTime < window.__readyAt).map((e) => e.responseEnd)),
      modulesKb: scripts.filter((e) => e.startTime < window.__readyAt).reduce((sum, e) => sum + e.transferSize, 0) / 1024,
      ready: window.__readyAt,
    };
  });
  await context.close();
  return figures;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const results = [];
try {
  for (const [name, url] of await pages()) {
    const samples = [];
    for (let run = 0; run < runs; run++) samples.push(await measure(browser, url));
    const gaps = samples.map((s) => s.ready - s.fcp);
    results.push({
      page: name,
      url,
      fcp: median(samples.map((s) => s.fcp)),
      load: median(samples.map((s) => s.load)),
      modulesStart: median(samples.map((s) => s.modulesStart)),
      modulesEnd: median(samples.map((s) => s.modulesEnd)),
      modulesKb: median(samples.map((s) => s.modulesKb)),
      ready: median(samples.map((s) => s.ready)),
      gap: median(gaps),
      gapMin: Math.min(...gaps),
      gapMax: Math.max(...gaps),
      samples,
    });
  }
} finally {
  await browser.close();
}

if (args.includes('--json')) {
  console.log(JSON.stringify(results, null, 2));
} else {
  const ms = (value) => `${Math.round(value)}`;
  console.log(
    `| page | FCP ms | load ms | modules asked ms | modules in ms | modules KB | ready ms | ready − FCP ms (median) | range (${runs} runs) |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.page} | ${ms(r.fcp)} | ${ms(r.load)} | ${ms(r.modulesStart)} | ${ms(r.modulesEnd)} | ${ms(r.modulesKb)} | ${ms(r.ready)} | **${ms(r.gap)}** | ${ms(r.gapMin)}–${ms(r.gapMax)} |`,
    );
  }
}

// Picture pipeline benchmark (issue 24; docs/performance.md "Pictures").
//
//   node scripts/bench/pictures.mjs [--pictures 1000] [--avif-seconds 180] [--binary server/target/release/vitrina]
//
// 1. Draws one 2000 × 2000 px photograph-like JPEG in Chromium (gradients, shapes and noise; quality 0.9) and serves
//    N copies of it from 127.0.0.1, each with its own JPEG comment, so each is its own content to the shop's store.
// 2. Imports a feed naming them, then runs `vitrina pictures fetch` (the same worker as `serve`), polling
//    `vitrina pictures status --json` every second: the time until every picture is ready (downloaded, checked, WebP
//    and JPEG at 160/320/640/1280 px), then the AVIF derivatives made in `--avif-seconds` (their rate), and the
//    worker's peak resident memory (VmHWM).
// Needs the release binary and Debian's Chromium; prints a Markdown table.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { drawJpeg, variant } from './picture-origin.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
);
const count = Number(args.pictures ?? 1000);
const avifSeconds = Number(args['avif-seconds'] ?? 180);
const binary = path.resolve(root, args.binary ?? 'server/target/release/vitrina');

const jpeg = await drawJpeg(2000);
const server = http.createServer((req, res) => {
  const n = Number(req.url.match(/^\/p\/(\d+)\.jpg$/)?.[1] ?? NaN);
  if (!Number.isInteger(n)) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'image/jpeg' }).end(variant(jpeg, n));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrina-pictures-bench-'));
const db = path.join(dir, 'shop.db');
const offers = Array.from({ length: count }, (_, n) =>
  `<offer id="${n}" available="true"><price>100</price><currencyId>RUB</currencyId><picture>${origin}/p/${n}.jpg</picture><name>Товар ${n}</name></offer>`,
).join('');
writeFileSync(
  path.join(dir, 'feed.xml'),
  `<?xml version="1.0" encoding="UTF-8"?><yml_catalog date="2026-11-27 10:00"><shop><name>Bench</name><currencies><currency id="RUB" rate="1"/></currencies><categories/><offers>${offers}</offers></shop></yml_catalog>`,
);
execFileSync(binary, ['import', path.join(dir, 'feed.xml'), '--db', db], { stdio: 'ignore' });

const status = () => JSON.parse(execFileSync(binary, ['pictures', 'status', '--json', '--db', db])).counts;
const started = Date.now();
const worker = spawn(binary, ['pictures', 'fetch', '--pictures-allow-loopback', '--db', db], { stdio: 'ignore' });
let peakKb = 0;
let readyAt = null;
let avifAtReady = 0;
let last = status();
while (worker.exitCode === null) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  try {
    const hwm = readFileSync(`/proc/${worker.pid}/status`, 'utf8').match(/VmHWM:\s+(\d+)/);
    if (hwm) peakKb = Math.max(peakKb, Number(hwm[1]));
  } catch {}
  last = status();
  const avifMade = last.ready - last.avifPending;
  if (readyAt === null && last.pending === 0) {
    readyAt = Date.now();
    avifAtReady = avifMade;
  }
  if (readyAt !== null && Date.now() - readyAt > avifSeconds * 1000) {
    worker.kill('SIGTERM');
    break;
  }
}
const end = Date.now();
server.close();
const avifMade = last.ready - last.avifPending - avifAtReady;
const avifRate = avifMade / ((end - (readyAt ?? end)) / 1000);
const originalBytes = jpeg.length;
console.log(`| pictures | original | ready (fetched, checked, WebP + JPEG × 4 widths) | per picture | AVIF × 4 widths | peak memory |`);
console.log(`|---|---|---|---|---|---|`);
console.log(
  `| ${count} of 2000 × 2000 px | ${(originalBytes / 1024).toFixed(0)} KB | ${((readyAt - started) / 1000).toFixed(1)} s | ` +
    `${((readyAt - started) / count).toFixed(0)} ms | ${avifRate.toFixed(2)} pictures/s (${(1 / avifRate).toFixed(2)} s each; ` +
    `${avifMade} in ${((end - readyAt) / 1000).toFixed(0)} s) | ${(peakKb / 1024).toFixed(0)} MB |`,
);
console.log(`\nfailed: ${last.failed}; store: ${dir}; cores: ${os.cpus().length}`);

#!/usr/bin/env node
/**
 * The home page's initial JavaScript, gzip (issue 9 budget: at most 100 KB = 102,400 bytes).
 *
 * Reads web/dist/index.html (the page every route is served as), takes its module scripts and modulepreload links,
 * and follows every static `import … from "./x.js"` / `export … from` of those files. Of the dynamic `import()`s
 * (code loaded on demand) it follows only the home page's own route chunk (`home-route-*.js`, the router's lazy
 * route for `/`), which the home page cannot render without. Each file is gzipped at level 9, as a server would.
 * Prints a table; exits 1 over the budget.
 *
 *   node scripts/bench/initial-js.mjs [DIST] [--budget BYTES] [--json]
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const args = process.argv.slice(2);
const json = args.includes('--json');
const budgetAt = args.indexOf('--budget');
const budget = budgetAt >= 0 ? Number(args[budgetAt + 1]) : 100 * 1024;
const positional = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--budget');
const dist = path.resolve(positional[0] ?? path.join(import.meta.dirname, '../../web/dist'));

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const roots = [
  ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
].map((m) => m[1]);

const staticImport = /(?:^|[;{}\s)])(?:import|export)\s*(?:[\w$*{},\s]+?\s*from\s*)?["']([^"']+\.js)["']/g;
const homeRoute = /import\(\s*["'`](\.\/home-route-[\w-]+\.js)["'`]\s*\)/g;
const seen = new Map();
const visit = (url, from) => {
  const file = url.startsWith('/') ? path.join(dist, url) : path.resolve(path.dirname(from), url);
  if (seen.has(file)) return;
  const source = fs.readFileSync(file);
  seen.set(file, { raw: source.length, gzip: zlib.gzipSync(source, { level: 9 }).length });
  const text = source.toString('utf8');
  for (const m of text.matchAll(staticImport)) visit(m[1], file);
  for (const m of text.matchAll(homeRoute)) visit(m[1], file);
};
for (const root of roots) visit(root, path.join(dist, 'index.html'));

const rows = [...seen].map(([file, size]) => ({ file: path.relative(dist, file), ...size }));
rows.sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, r) => sum + r.gzip, 0);
const raw = rows.reduce((sum, r) => sum + r.raw, 0);
if (json) {
  console.log(JSON.stringify({ files: rows, gzip: total, raw, budget }));
} else {
  for (const r of rows) console.log(`${(r.gzip / 1024).toFixed(1).padStart(7)} KB gzip  ${(r.raw / 1024).toFixed(1).padStart(7)} KB  ${r.file}`);
  console.log(`${(total / 1024).toFixed(1).padStart(7)} KB gzip  ${(raw / 1024).toFixed(1).padStart(7)} KB  initial JavaScript of the home page (budget ${(budget / 1024).toFixed(0)} KB gzip)`);
}
if (total > budget) {
  console.error(`initial JavaScript is ${total} bytes gzip, over the budget of ${budget}`);
  process.exit(1);
}

#!/usr/bin/env node
// One client floods a shop with unique page URLs while an ordinary visitor opens product pages no one has opened yet
// (issue 34, the third security probe's workload): how many of the visitor's pages still come rendered on the server,
// and how long they take, against the same visitor on a quiet shop in the same run.
//
//   node scripts/bench/render-flood.mjs URL [--seconds 60] [--connections 32] [--samples 120]
//
// The flooder connects from 127.0.0.2 (any 127.x address reaches a shop on 127.0.0.1), so it is another client to
// the shop's per-client limits; the visitor from 127.0.0.1. Its URLs are what the probe sent: random `utm_source`,
// random page numbers of the largest section, and unknown product slugs. The visitor opens `--samples` uncached
// product pages one after another before the flood (quiet) and as many others during it, and the home page, the
// catalogue and the largest section between them (popular pages). A page "came rendered" when its `#root` holds HTML.
// Needs nothing but Node; run it against a shop with a real catalogue (thousands of offers), e.g.
// `vitrina serve --db eco.db` after `vitrina import eco-puzzles.yml`.
import http from 'node:http';

const args = process.argv.slice(2);
const base = args.find((a) => !a.startsWith('--'))?.replace(/\/$/, '');
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
if (!base) {
  console.error('usage: render-flood.mjs URL [--seconds 60] [--connections 32] [--samples 120]');
  process.exit(2);
}
const seconds = option('seconds', 60);
const connections = option('connections', 32);
const samples = option('samples', 120);
const target = new URL(base);

/** GET `path` from `localAddress` on `agent`: status, body and milliseconds. */
function get(path, agent, localAddress) {
  const began = performance.now();
  return new Promise((resolve) => {
    const request = http.get(
      { host: target.hostname, port: target.port, path, agent, localAddress, headers: { 'accept-encoding': 'identity' } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - began }),
        );
      },
    );
    request.on('error', () => resolve({ status: 0, body: '', ms: performance.now() - began }));
  });
}

const rendered = (body) => /<div id="root">\s*<[a-z]/.test(body);
const visitor = new http.Agent({ keepAlive: true, maxSockets: 1 });

async function json(path) {
  const answer = await get(path, visitor, '127.0.0.1');
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
  return JSON.parse(answer.body);
}

const { sections } = await json('/api/sections');
const largest = sections.reduce((a, b) => (b.offerCount > a.offerCount ? b : a));
const offers = [];
for (let page = 1; offers.length < samples * 8; page++) {
  const { items } = await json(`/api/offers?perPage=100&page=${page}&sort=-price`);
  if (items.length === 0) break;
  offers.push(...items.map((item) => item.url));
}
if (offers.length < samples * 2) throw new Error(`the shop has ${offers.length} offers; ${samples * 2} are needed`);
const popular = ['/', '/catalog/', largest.url];

/** The visitor opens `urls` one after another, a popular page between two; what came back. */
async function visit(urls) {
  const products = [];
  const views = [];
  for (const url of urls) {
    const answer = await get(url, visitor, '127.0.0.1');
    products.push({ rendered: answer.status === 200 && rendered(answer.body), ms: answer.ms });
    const view = await get(popular[products.length % popular.length], visitor, '127.0.0.1');
    views.push({ rendered: view.status === 200 && rendered(view.body), ms: view.ms });
  }
  return { products, views };
}

function flood(until) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const statuses = new Map();
  let sent = 0;
  const random = () => Math.random().toString(36).slice(2);
  const one = async () => {
    while (performance.now() < until) {
      const kind = sent % 3;
      const path =
        kind === 0
          ? `/?utm_source=${random()}`
          : kind === 1
            ? `${largest.url}?page=${2 + Math.floor(Math.random() * 9000)}`
            : `${largest.url}${random()}/`;
      sent++;
      const { status } = await get(path, agent, '127.0.0.2');
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  return Promise.all(Array.from({ length: connections }, one)).then(() => ({ sent, statuses }));
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
const summary = (list) => ({
  rendered: list.filter((s) => s.rendered).length,
  of: list.length,
  p50: Math.round(median(list.map((s) => s.ms))),
});

const quiet = await visit(offers.slice(0, samples));
const until = performance.now() + seconds * 1000;
const flooding = flood(until);
const loud = [];
const loudViews = [];
let next = samples;
while (performance.now() < until && next < offers.length) {
  const { products, views } = await visit(offers.slice(next, next + 10));
  loud.push(...products);
  loudViews.push(...views);
  next += 10;
}
const { sent, statuses } = await flooding;
const [q, l, lv] = [summary(quiet.products), summary(loud), summary(loudViews)];
console.log(`flood: ${connections} connections for ${seconds} s from 127.0.0.2: ${sent} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
console.log('| visitor\'s pages | rendered | p50 ms | p50 ÷ quiet |');
console.log('|---|---|---|---|');
console.log(`| uncached product pages, quiet | ${q.rendered} of ${q.of} | ${q.p50} | 1.00 |`);
console.log(`| uncached product pages, flood | ${l.rendered} of ${l.of} (${((100 * l.rendered) / l.of).toFixed(1)} %) | ${l.p50} | ${(l.p50 / q.p50).toFixed(2)} |`);
console.log(`| popular pages, flood | ${lv.rendered} of ${lv.of} | ${lv.p50} | |`);

// A local picture origin for benchmarks (issue 24): every path answers a photograph-like JPEG of its own bytes.
//
//   node scripts/bench/picture-origin.mjs [--port 18799] [--size 1200]
//
// Pictures are drawn once in Chromium (`drawJpeg`) and told apart by a JPEG comment naming the path (`variant`), so
// each address is its own content to the shop's picture store. Point a feed's `<picture>` addresses at it and run the
// shop with `--pictures-allow-loopback` (docs/performance.md "Pictures").
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';

const root = path.resolve(import.meta.dirname, '../..');
const { chromium } = createRequire(path.join(root, 'web/package.json'))('@playwright/test');

/** A photograph-like JPEG of `size` × `size` px drawn in Chromium: gradients, 400 translucent discs, noise. */
export async function drawJpeg(size) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  const page = await browser.newPage();
  const dataUrl = await page.evaluate((size) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = size;
    const g = canvas.getContext('2d');
    const sky = g.createLinearGradient(0, 0, size, size);
    sky.addColorStop(0, '#f4d9b0');
    sky.addColorStop(1, '#3a6ea5');
    g.fillStyle = sky;
    g.fillRect(0, 0, size, size);
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let i = 0; i < 400; i++) {
      g.fillStyle = `hsla(${random() * 360}, 60%, ${30 + random() * 40}%, 0.6)`;
      g.beginPath();
      g.arc(random() * size, random() * size, 5 + random() * size / 12, 0, Math.PI * 2);
      g.fill();
    }
    const noise = g.getImageData(0, 0, size, size);
    for (let i = 0; i < noise.data.length; i += 4) {
      const n = (random() - 0.5) * 24;
      noise.data[i] += n;
      noise.data[i + 1] += n;
      noise.data[i + 2] += n;
    }
    g.putImageData(noise, 0, 0);
    return canvas.toDataURL('image/jpeg', 0.9);
  }, size);
  await browser.close();
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

/** The JPEG with a comment segment (FFFE) right after its start marker, naming `n`. */
export function variant(jpeg, n) {
  const text = Buffer.from(`vitrina bench ${n}`);
  const segment = Buffer.alloc(4 + text.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(2 + text.length, 2);
  text.copy(segment, 4);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}


if (import.meta.url === `file://${process.argv[1]}`) {
  const flag = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const jpeg = await drawJpeg(flag('size', 1200));
  http
    .createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(variant(jpeg, req.url));
    })
    .listen(flag('port', 18799), '127.0.0.1', () => console.log(`picture origin: ${jpeg.length} bytes per picture`));
}

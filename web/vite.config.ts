/// <reference types="vitest/config" />
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, minifySync, type Plugin } from 'vite';

/**
 * Vite build and dev-server configuration, plus the Vitest (unit/component test) setup.
 *
 * - `npm run build` writes `web/dist/`, which the Rust server embeds (rust-embed) and serves.
 * - `npm run dev` proxies `/api`, `/demo` and `/sitemap.xml` to a running server
 *   (`VITRINA_DEV_API`, default `http://127.0.0.1:8080`).
 * - `index.html` keeps the `<!--app-head-->` comment: the server replaces it with SEO tags.
 * - The page's event contract (`src/boot/event-contract.js`, issue 33) is inlined as the head's first script: it
 *   must run before the page is drawn, and an inline script costs no request. The server allows it by its SHA-256,
 *   computed at start from the `dist/index.html` it embeds (`web::inline_script_hashes`).
 * - Scripts, stylesheets and SVGs get a Brotli twin (`x.js.br`, quality 11), which the server sends to browsers that
 *   take `br` (issue 33: the framework chunk is 108 KB so against 124 KB from on-the-fly compression).
 */
const devApi = process.env.VITRINA_DEV_API ?? 'http://127.0.0.1:8080';

/** Inlines the event contract, minified (2 KB, not 6), into the head of `index.html`. */
function eventContract(): Plugin {
  const file = fileURLToPath(new URL('./src/boot/event-contract.js', import.meta.url));
  return {
    name: 'vitrina-event-contract',
    transformIndexHtml: () => {
      const { code, errors } = minifySync(file, readFileSync(file, 'utf8'), { compress: true, mangle: true });
      if (errors.length > 0) throw new Error(`event-contract.js: ${errors.map((e) => e.message).join('; ')}`);
      return [{ tag: 'script', children: code.trim(), injectTo: 'head-prepend' }];
    },
  };
}

/** Files of `dist` that get a Brotli twin; pictures and fonts are compressed already. */
const BROTLI_FILES = /\.(js|css|svg)$/;

/**
 * Writes a Brotli twin (quality 11, the densest: the files never change once built) beside each script, stylesheet
 * and SVG of `dist`, public files included, when it saves at least a tenth. The server serves `x.js.br` for `x.js`
 * to browsers that accept `br` (`server/src/web/mod.rs`).
 */
function brotliTwins(): Plugin {
  let outDir = 'dist';
  return {
    name: 'vitrina-brotli-twins',
    apply: 'build',
    configResolved: (config) => {
      outDir = config.build.outDir;
    },
    closeBundle: () => {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !BROTLI_FILES.test(entry.name)) continue;
        const file = join(entry.parentPath, entry.name);
        const data = readFileSync(file);
        const compressed = brotliCompressSync(data, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        });
        if (compressed.length <= data.length * 0.9) writeFileSync(`${file}.br`, compressed);
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), eventContract(), brotliTwins()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': devApi,
      '/demo': devApi,
      '/sitemap.xml': devApi,
      '/robots.txt': devApi,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: the server reads it to preload a page's route chunks in the first HTML (issue 9).
    manifest: true,
    rolldownOptions: {
      output: {
        // One long-cached chunk for the framework code every page needs; page code stays in lazy chunks.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    // Every core (Vitest's default leaves one idle: a single worker on the 2-core CI machine). Measured here: the
    // suite takes 103 s with two workers against 197 s with one (docs/testing.md).
    maxWorkers: availableParallelism(),
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});

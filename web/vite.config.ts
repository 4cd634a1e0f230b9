/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Vite build and dev-server configuration, plus the Vitest (unit/component test) setup.
 *
 * - `npm run build` writes `web/dist/`, which the Rust server embeds (rust-embed) and serves.
 * - `npm run dev` proxies `/api`, `/demo` and `/sitemap.xml` to a running server
 *   (`VITRINA_DEV_API`, default `http://127.0.0.1:8080`).
 * - `index.html` keeps the `<!--app-head-->` comment: the server replaces it with SEO tags.
 */
const devApi = process.env.VITRINA_DEV_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
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

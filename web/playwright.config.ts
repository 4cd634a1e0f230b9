import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against the real release binary (`../server/target/release/vitrina`), which
 * embeds `web/dist` and seeds its demo catalogue into an empty database on first `serve`.
 *
 * - Port: `VITRINA_E2E_PORT` (default 18080). Database: a fresh file in the OS temp dir, its name
 *   set once in the main process (`VITRINA_E2E_DB`) so workers see the same value; removed in the
 *   global teardown.
 * - Browser: Debian's Chromium (`/usr/bin/chromium`, override with `VITRINA_E2E_CHROMIUM`);
 *   Playwright's own browsers cannot be downloaded here.
 * - Projects: desktop 1280×800 and mobile 375×740.
 * - `VITRINA_E2E_BINARY` runs another build of the binary, e.g. `../server/target/debug/vitrina`, which
 *   reads `web/dist` from disk: while iterating, `npx vite build` is then enough, no cargo rebuild.
 * - `VITRINA_E2E_BASE_URL` runs the specs against an already running shop instead (no web server is
 *   started), e.g. `vite preview` proxying the API to a binary built before `web/dist` existed.
 */
const port = Number(process.env.VITRINA_E2E_PORT ?? 18080);
process.env.VITRINA_E2E_DB ??= path.join(os.tmpdir(), `vitrina-e2e-${process.pid}-${Date.now()}.db`);
const db = process.env.VITRINA_E2E_DB;
const externalBaseURL = process.env.VITRINA_E2E_BASE_URL;
const baseURL = externalBaseURL ?? `http://127.0.0.1:${port}`;
const binary = process.env.VITRINA_E2E_BINARY ?? path.resolve(import.meta.dirname, '../server/target/release/vitrina');

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Two cores here: one browser at a time unless told otherwise.
  workers: Number(process.env.VITRINA_E2E_WORKERS ?? 1),
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  globalTeardown: './e2e/helpers/global-teardown.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'ru-RU',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.VITRINA_E2E_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'mobile',
      use: {
        browserName: 'chromium',
        viewport: { width: 375, height: 740 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      },
    },
  ],
  webServer: externalBaseURL
    ? undefined
    : {
        // Every test comes from 127.0.0.1: the per-address limits of form submissions, of failed log-ins and
        // reset requests, and of orders are raised for them (the Rust tests cover the limits themselves). No map tiles: the maps
        // show their markers on a plain background, with no request leaving the machine (issue 8).
        command: `"${binary}" serve --db "${db}" --addr 127.0.0.1:${port} --form-rate-burst 1000 --login-attempts 100 --orders-per-address 1000 --map-tiles=`,
        url: `${baseURL}/api/health/ready`,
        reuseExistingServer: !process.env.CI,
        timeout: 60_000,
        stdout: 'ignore',
        stderr: 'pipe',
      },
});

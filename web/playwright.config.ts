import path from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  databaseFor,
  externalBaseURL,
  newDatabaseName,
  picturesDirFor,
  RENDER_FAULT_MARKER,
  urlFor,
  workerCount,
} from './e2e/helpers/servers';

/**
 * End-to-end tests against the real release binary (`../server/target/release/vitrina`), which
 * embeds `web/dist` and seeds its demo catalogue into an empty database on first `serve`.
 *
 * - Workers: `VITRINA_E2E_WORKERS` (default 2). Each worker has a server of its own, with its own
 *   database (`e2e/helpers/servers.ts`): ports `VITRINA_E2E_PORT` (default 18080), `VITRINA_E2E_PORT + 1`, …;
 *   databases derived from `VITRINA_E2E_DB`, a fresh name in the OS temp dir set once in the main process so
 *   workers see the same value; all removed in the global teardown. The `baseURL` fixture of `e2e/helpers/test.ts`
 *   points each worker at its own server.
 * - Browser: Debian's Chromium (`/usr/bin/chromium`, override with `VITRINA_E2E_CHROMIUM`);
 *   Playwright's own browsers cannot be downloaded here.
 * - Projects: desktop 1280×800 runs every test but the `@narrow` ones; mobile 375×740 runs only what differs
 *   by width: tests tagged `@responsive` (run at both widths) and `@narrow` (exist at 375 px only). An untagged
 *   test checks behaviour that is the same at any width (an API-backed flow, timing, data) and runs once, wide.
 * - `VITRINA_E2E_BINARY` runs another build of the binary, e.g. `../server/target/debug/vitrina`, which
 *   reads `web/dist` from disk: while iterating, `npx vite build` is then enough, no cargo rebuild.
 * - `VITRINA_E2E_BASE_URL` runs the specs against an already running shop instead (no web server is
 *   started, one worker unless `VITRINA_E2E_WORKERS` says otherwise), e.g. `vite preview` proxying the API to a
 *   binary built before `web/dist` existed.
 */
process.env.VITRINA_E2E_DB ??= newDatabaseName();
const external = externalBaseURL();
const workers = workerCount();
const binary = process.env.VITRINA_E2E_BINARY ?? path.resolve(import.meta.dirname, '../server/target/release/vitrina');

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // One worker per core of the CI machine (two), each with its own shop.
  workers,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  globalTeardown: './e2e/helpers/global-teardown.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    // The first worker's shop; `e2e/helpers/test.ts` gives each worker its own.
    baseURL: urlFor(0),
    locale: 'ru-RU',
    // Recording a trace of every test made the suite a third slower (search and quick view, one worker: 2.3 against
    // 1.7 min): record one when a failed test runs again (CI retries once). Locally, `--trace retain-on-failure`.
    trace: 'on-first-retry',
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
      grepInvert: /@narrow/,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'mobile',
      grep: /@responsive|@narrow/,
      use: {
        browserName: 'chromium',
        viewport: { width: 375, height: 740 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      },
    },
  ],
  webServer: external
    ? undefined
    : Array.from({ length: workers }, (_, index) => ({
        name: `shop ${index}`,
        // Every test comes from 127.0.0.1: the per-address limits of form submissions, of failed log-ins and
        // reset requests, of orders, and of renders under way are raised for them (the Rust tests cover the limits
        // themselves); 127.0.0.1 is a trusted proxy, so a test can speak for other clients through
        // `X-Forwarded-For` (the log-in captcha, issue 34), while every request without it is 127.0.0.1's own. No map tiles: the maps
        // show their markers on a plain background, with no request leaving the machine (issue 8). Renders get 5 s
        // (issue 22): with two browsers and two shops on two cores a render can pass its 250 ms, and the fallback
        // would leave the hydration of that page untested. A page whose URL holds `render-fault` fails its render
        // (`--render-fault`, a test-only setting): the fallback is tested in `server-render.spec.ts`.
        command: `"${binary}" serve --db "${databaseFor(index)}" --addr ${new URL(urlFor(index)).host} --form-rate-burst 1000 --login-attempts 100 --orders-per-address 1000 --map-tiles= --render-budget-ms 5000 --render-share 4 --trusted-proxies 127.0.0.1 --render-fault ${RENDER_FAULT_MARKER}${picturesDirFor(index) ? ` --pictures-dir "${picturesDirFor(index)}"` : ''}`,
        url: `${urlFor(index)}/api/health/ready`,
        reuseExistingServer: !process.env.CI,
        timeout: 60_000,
        stdout: 'ignore' as const,
        stderr: 'pipe' as const,
      })),
});

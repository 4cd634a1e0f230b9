/**
 * Playwright's `test` with the shop of this worker and one automatic guard. Specs import `test` and `expect` from
 * here instead of `@playwright/test`.
 *
 * - `baseURL`: each worker talks to its own server and database (`playwright.config.ts` starts one per worker,
 *   `servers.ts`), so the page, `request` and `page.request` of a test all reach the shop of its
 *   `testInfo.parallelIndex`.
 * - The guard (issue 9): a test fails when the page reported a Content-Security-Policy violation (Chromium logs
 *   each as a console error naming the policy). So every spec, run against the real binary and its real headers,
 *   shows the policy blocks nothing the shop needs.
 * - And (issue 22) when React reported a hydration mismatch: the server-rendered HTML and the browser's first
 *   render differed (React's production build logs it as a console error with error #418, #423 or #425).
 * - `page.goto` and `page.reload` return once the app has taken the page over (issue 22): a server-rendered page
 *   reads and its links work at once, but its scripts start after its first paint and its buttons act only once
 *   hydrated ({@link APP_READY_ATTRIBUTE}). A document that is not the app's (JSON, XML), or a page without scripts,
 *   is not waited for. A test of the first seconds (`first-seconds.spec.ts`, issue 33) loads with {@link gotoAtLoad}
 *   instead and acts at once, as a shopper does.
 */
import { test as base, type Page } from '@playwright/test';
import { APP_READY_ATTRIBUTE } from '../../src/config/constants';
import { urlFor } from './servers';

export * from '@playwright/test';

/** What React logs when hydration finds the server's HTML different from its first render. */
const HYDRATION_ERROR = /hydrat|Minified React error #(418|423|425)/i;

/** The cookie that makes the shop send this browser client-rendered pages (the server's `RENDER_COOKIE_NAME`). */
const RENDER_COOKIE_NAME = 'vitrina_render';

/**
 * Makes the shop send `page`'s browser client-rendered pages (issue 22): for tests that stub an API answer of the
 * first load, which a server-rendered page carries in its HTML instead of fetching it.
 */
export async function renderInBrowser(page: Page): Promise<void> {
  const url = urlFor(base.info().parallelIndex);
  await page.context().addCookies([{ name: RENDER_COOKIE_NAME, value: 'off', url }]);
}

/** Each page's own `goto`, which returns at the load event without waiting for the app. */
const loadOnlyGoto = new WeakMap<Page, Page['goto']>();

/**
 * Opens `url` and returns at its load event, the app not waited for (issue 33): what a test does next, the shopper
 * does while the page's scripts load and hydrate it.
 */
export async function gotoAtLoad(page: Page, url: string): Promise<void> {
  const goto = loadOnlyGoto.get(page) ?? page.goto.bind(page);
  await goto(url, { waitUntil: 'load' });
}

/** How long a loaded page may take to start the app; past it the test goes on and its own checks tell. */
const APP_READY_TIMEOUT_MS = 10_000;

/** Waits until the app has drawn the page `page` shows, when that page is the app's. */
async function appReady(page: Page): Promise<void> {
  await page
    .waitForFunction(
      (attribute) => !document.getElementById('root') || document.documentElement.hasAttribute(attribute),
      APP_READY_ATTRIBUTE,
      { timeout: APP_READY_TIMEOUT_MS },
    )
    .catch(() => undefined);
}

export const test = base.extend<{ cspGuard: void }>({
  baseURL: async ({}, use, testInfo) => {
    await use(urlFor(testInfo.parallelIndex));
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const thenAppReady =
        <A extends unknown[], R>(load: (...args: A) => Promise<R>) =>
        async (...args: A) => {
          const response = await load(...args);
          await appReady(page);
          return response;
        };
      loadOnlyGoto.set(page, page.goto.bind(page));
      page.goto = thenAppReady(page.goto.bind(page));
      page.reload = thenAppReady(page.reload.bind(page));
    }
    await use(page);
  },
  cspGuard: [
    async ({ page }, use) => {
      const violations: string[] = [];
      const mismatches: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (message.text().includes('Content Security Policy')) violations.push(message.text());
        if (HYDRATION_ERROR.test(message.text())) mismatches.push(message.text());
      });
      page.on('pageerror', (error) => {
        if (HYDRATION_ERROR.test(error.message)) mismatches.push(error.message);
      });
      await use();
      base.expect(violations, 'Content-Security-Policy violations').toEqual([]);
      base.expect(mismatches, 'hydration mismatches').toEqual([]);
    },
    { auto: true },
  ],
});

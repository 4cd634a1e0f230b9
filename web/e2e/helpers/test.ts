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
 */
import { test as base } from '@playwright/test';
import { urlFor } from './servers';

export * from '@playwright/test';

export const test = base.extend<{ cspGuard: void }>({
  baseURL: async ({}, use, testInfo) => {
    await use(urlFor(testInfo.parallelIndex));
  },
  cspGuard: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
          violations.push(message.text());
        }
      });
      await use();
      base.expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

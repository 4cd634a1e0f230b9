/**
 * Playwright's `test` with one automatic guard (issue 9): a test fails when the page reported a
 * Content-Security-Policy violation (Chromium logs each as a console error naming the policy). So every
 * spec, run against the real binary and its real headers, shows the policy blocks nothing the shop needs.
 * Specs import `test` and `expect` from here instead of `@playwright/test`.
 */
import { test as base } from '@playwright/test';

export * from '@playwright/test';

export const test = base.extend<{ cspGuard: void }>({
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

import { expect, type Page } from '@playwright/test';

/**
 * Sends a state-changing request as the page's visitor: the page's request context shares the browser context's
 * cookies (so the session), and the CSRF token comes from `GET /api/session` (docs/api.md "Session").
 * Fails the test on a non-2xx answer; answers the parsed JSON (or `null` for 204).
 */
export async function sendAsVisitor(
  page: Page,
  method: 'POST' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<unknown> {
  const session = await page.request.get('/api/session');
  expect(session.ok(), `/api/session answered ${session.status()}`).toBe(true);
  const { sessid } = (await session.json()) as { sessid: string };
  const response = await page.request.fetch(path, { method, data, headers: { 'X-CSRF-Token': sessid } });
  expect(response.ok(), `${method} ${path} answered ${response.status()}`).toBe(true);
  return response.status() === 204 ? null : response.json();
}

/** Puts `offerIds` on the page visitor's compare list, in that order (`POST /api/compare`). */
export async function addToCompareList(page: Page, offerIds: string[]): Promise<void> {
  for (const offerId of offerIds) await sendAsVisitor(page, 'POST', '/api/compare', { offerId });
}

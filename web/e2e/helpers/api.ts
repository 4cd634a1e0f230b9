import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/** The API's shapes, shared with the app (docs/api.md), so a changed field breaks the specs at type-check. */
import type { Offer as ApiOffer, Section as ApiSection } from '../../src/lib/api/types';

export type { ApiOffer, ApiSection };

/** `GET {path}` as JSON, failing the test on a non-2xx answer. */
export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** All sections, flat, in tree order. */
export async function getSections(request: APIRequestContext): Promise<ApiSection[]> {
  return (await getJson<{ sections: ApiSection[] }>(request, '/api/sections')).sections;
}

/** The top-level section with the most offers (the demo catalogue has several). */
export async function biggestTopSection(request: APIRequestContext): Promise<ApiSection> {
  const sections = await getSections(request);
  const top = sections.filter((section) => section.parentId === null).sort((a, b) => b.offerCount - a.offerCount);
  expect(top.length, 'the catalogue has top-level sections').toBeGreaterThan(0);
  return top[0]!;
}

/** The first offer of a section's first page (optionally sorted / filtered). */
export async function firstOfferOf(request: APIRequestContext, sectionId: string, query = ''): Promise<ApiOffer> {
  const page = await getJson<{ items: ApiOffer[] }>(request, `/api/sections/${sectionId}/offers?perPage=1${query}`);
  expect(page.items.length, `section ${sectionId} has offers`).toBeGreaterThan(0);
  return page.items[0]!;
}

/**
 * Waits until the shop holds its own copy of every picture its catalogue names, in every format, and its pages show
 * them all (issue 24; `GET /api/health/pictures`). A fresh shop fetches the demo's pictures from the binary in a
 * second or two after it starts and makes their AVIF after; each picture or AVIF made moves the picture version, and
 * the pages take it up at most `PICTURE_SHOW_INTERVAL_MS` (10 s) later. Waiting for the AVIF too means nothing moves
 * after this returns.
 */
export async function ownPicturesReady(request: APIRequestContext): Promise<void> {
  type Health = { pending: number; avifPending: number; shown: boolean };
  const wait = 60_000;
  // On a shop started just now this is the AVIF of every demo picture and one interval: the test gets the time.
  test.info().setTimeout(test.info().timeout + wait);
  await expect
    .poll(
      async () => {
        const health = await getJson<Health>(request, '/api/health/pictures');
        return health.pending === 0 && health.avifPending === 0 && health.shown;
      },
      { timeout: wait, message: 'every picture made in every format, and shown on the pages' },
    )
    .toBe(true);
}

/** Waits until the page's data has arrived: no loading indicator left in `<main>`. */
export async function waitForContent(page: Page): Promise<void> {
  await expect(page.locator('main [role="status"]:has-text("Загрузка")')).toHaveCount(0);
  await expect(page.locator('main h1')).toHaveCount(1);
}

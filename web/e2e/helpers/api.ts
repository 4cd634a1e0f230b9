import { expect, type APIRequestContext, type Page } from '@playwright/test';

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
 * Waits until the shop holds its own copy of every picture its catalogue names and its pages show them all (issue
 * 24): a fresh shop fetches the demo's in the background after it starts, from the binary, in a second or two, and
 * shows them in batches at most `PICTURE_SHOW_INTERVAL_MS` (10 s) apart (`GET /api/health/pictures`).
 */
export async function ownPicturesReady(request: APIRequestContext): Promise<void> {
  await expect
    .poll(
      async () => {
        const health = await getJson<{ pending: number; shown: boolean }>(request, '/api/health/pictures');
        return health.pending === 0 && health.shown;
      },
      { timeout: 30_000, message: 'no picture is left to fetch, and the pages show them all' },
    )
    .toBe(true);
}

/** Waits until the page's data has arrived: no loading indicator left in `<main>`. */
export async function waitForContent(page: Page): Promise<void> {
  await expect(page.locator('main [role="status"]:has-text("Загрузка")')).toHaveCount(0);
  await expect(page.locator('main h1')).toHaveCount(1);
}

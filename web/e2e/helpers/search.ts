import { expect, type APIRequestContext, type Locator, type Page, type Request } from '@playwright/test';
import type { SearchAnswer } from '../../src/lib/api/types';
import { getJson } from './api';

export type { SearchAnswer };

/** A query of the demo catalogue matching 16 offers in four sections (constructors, building sets, …). */
export const BROAD = 'конст';
/** A query matching a few wooden cubes. */
export const CUBES = 'кубик';

/** Matches the requests of `GET /api/search`. */
export const isSearchRequest = (url: URL) => url.pathname === '/api/search';

/** The cookie `name` (value, path, expiry in Unix s), failing when it is absent. */
export async function cookie(page: Page, name: string) {
  const found = (await page.context().cookies()).find((c) => c.name === name);
  expect(found, `cookie ${name}`).toBeDefined();
  return found!;
}

/** `GET /api/search` as the server answers it (the real engine on the demo catalogue). */
export async function apiSearch(request: APIRequestContext, text: string, query = ''): Promise<SearchAnswer> {
  return getJson<SearchAnswer>(request, `/api/search?q=${encodeURIComponent(text)}${query}`);
}

/** The open search overlay: the pop-up (wide) or the slide panel (narrow), both named "Поиск". */
export function searchDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Поиск' });
}

/** The combobox field inside the open search overlay. */
export function searchInput(page: Page): Locator {
  return searchDialog(page).getByRole('combobox');
}

/** The header control that opens the search: the field (wide) or the icon (narrow). */
export function searchOpener(page: Page, isMobile: boolean): Locator {
  // Not through getByRole('banner'): an open modal hides the header from the accessibility tree.
  return page.getByTestId(isMobile ? 'header-search-icon' : 'header-search-field');
}

/** Opens the search overlay the way a shopper does at this width and waits for its focused field. */
export async function openSearch(page: Page, isMobile: boolean): Promise<Locator> {
  await searchOpener(page, isMobile).click();
  const input = searchInput(page);
  await expect(input).toBeFocused();
  return input;
}

/** Records every `/api/search` request the page sends (and which of them failed, e.g. aborted). */
export function recordSearchRequests(page: Page) {
  const sent: Request[] = [];
  const failed: { url: string; error: string }[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/search') sent.push(request);
  });
  page.on('requestfailed', (request) => {
    if (new URL(request.url()).pathname === '/api/search') {
      failed.push({ url: request.url(), error: request.failure()?.errorText ?? '' });
    }
  });
  return {
    sent,
    failed,
    /** The `q`, `available` and `section` of each request, in order. */
    queries: () =>
      sent.map((request) => {
        const url = new URL(request.url());
        return {
          q: url.searchParams.get('q'),
          available: url.searchParams.get('available'),
          section: url.searchParams.get('section'),
        };
      }),
  };
}

/** The result rows shown in the open search overlay. */
export function resultItems(page: Page): Locator {
  return searchDialog(page).getByRole('option');
}

/** Waits until the overlay shows the answer for its text (no wait indicator, the live region has spoken). */
export async function waitForResults(page: Page): Promise<void> {
  await expect(searchDialog(page).getByTestId('search-wait')).toHaveCount(0);
  await expect(searchDialog(page).getByTestId('search-live')).not.toHaveText('');
}

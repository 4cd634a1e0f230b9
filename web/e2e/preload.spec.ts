import { expect, test, type Page } from './helpers/test';
import { biggestTopSection, firstOfferOf, waitForContent } from './helpers/api';

/**
 * The first HTML preloads the page's route chunks, its first API answers and the product's picture (issue 9; server
 * `web/preload.rs`). A preload is only worth its bytes when the app's own request is served by it, so the URL must
 * be the front-end's byte for byte: Chrome warns in the console when a preloaded response goes unused or cannot be
 * matched ("…was preloaded using link preload but not used…"), and an unmatched URL is fetched twice.
 */

/** Chrome's unused-preload warning comes a few seconds after the load event. */
const UNUSED_PRELOAD_WARNING_MS = 3500;

/** Loads `path`; returns the preload warnings of the console and the API GETs asked for more than once. */
async function load(page: Page, path: string) {
  const warnings: string[] = [];
  const counts = new Map<string, number>();
  const onConsole = (message: { text(): string }) => {
    if (/preload/i.test(message.text())) warnings.push(message.text());
  };
  const onRequest = (request: { url(): string; method(): string }) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) {
      const key = url.pathname + url.search;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  };
  page.on('console', onConsole);
  page.on('request', onRequest);
  await page.goto(path);
  await waitForContent(page);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(UNUSED_PRELOAD_WARNING_MS);
  page.off('console', onConsole);
  page.off('request', onRequest);
  return { warnings, counts };
}

/** The hrefs of the head's links matching `selector`. */
function links(page: Page, selector: string): Promise<string[]> {
  return page.locator(`head ${selector}`).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href') ?? ''));
}

test.describe('preloads in the first HTML (issue 9)', () => {
  test('home, catalogue, a section and a product: every preload is used, none is fetched twice', async ({
    page,
    request,
  }) => {
    const section = await biggestTopSection(request);
    const offer = await firstOfferOf(request, section.id);
    const pages = [
      { path: '/', route: 'home-route', api: ['/api/collections/new?limit=10', '/api/viewed'] },
      { path: '/catalog/', route: 'catalog-route', api: ['/api/offers?page=1&perPage=20'] },
      { path: section.url, route: 'catalog-path-route', api: [`/api/sections/${section.id}/offers?page=1&perPage=20`] },
      {
        path: offer.url,
        route: 'catalog-path-route',
        api: [`/api/offers/by-slug/${offer.url.split('/').at(-2)}`, `/api/viewed?exclude=${offer.id}`],
        image: offer.pictures[0],
      },
    ];
    for (const expected of pages) {
      const { warnings, counts } = await load(page, expected.path);
      const fetches = await links(page, 'link[rel="preload"][as="fetch"]');
      expect(fetches, expected.path).toEqual(expect.arrayContaining(['/api/session', '/api/sections', ...expected.api]));
      expect(await links(page, 'link[rel="modulepreload"]'), expected.path).toContainEqual(
        expect.stringContaining(`/assets/${expected.route}-`),
      );
      if (expected.image) expect(await links(page, 'link[rel="preload"][as="image"]')).toEqual([expected.image]);
      expect(warnings, expected.path).toEqual([]);
      for (const url of fetches) {
        // The product page asks again for the viewed list once it has recorded the view: a new answer, by design.
        if (url.startsWith('/api/viewed?exclude=')) continue;
        expect(counts.get(url), `${expected.path}: ${url}`).toBe(1);
      }
    }
  });

  test('a sorted listing preloads no first page (its URL differs) and still warns of nothing', async ({ page }) => {
    const { warnings } = await load(page, '/catalog/?sort=price');
    expect(await links(page, 'link[rel="preload"][as="fetch"][href^="/api/offers"]')).toEqual([]);
    expect(warnings).toEqual([]);
  });
});

import { expect, test, type Page } from './helpers/test';
import { biggestTopSection, firstOfferOf, ownPicturesReady, waitForContent } from './helpers/api';

/**
 * The first HTML preloads the page's route chunks, its first API answers and the product's picture (issue 9; server
 * `web/preload.rs`). A preload is only worth its bytes when the app's own request is served by it, so the URL must
 * be the front-end's byte for byte: Chrome warns in the console when a preloaded response goes unused or cannot be
 * matched ("…was preloaded using link preload but not used…"), and an unmatched URL is fetched twice.
 *
 * A server-rendered page (issue 22) carries the answers it was drawn from in its state: those are neither preloaded
 * nor fetched at all; only the visitor's own answers (session, counts, recently viewed) are preloaded.
 */

/**
 * Chrome warns ("…was preloaded using link preload but not used within a few seconds from the window's load event")
 * when nothing on the page takes a preload up within about three seconds of the load event. Rather than wait that
 * long for a warning that must not come, the spec watches the page take each preload up, and when: by `fetch` (the
 * API answers), a stylesheet `<link>` (the route's styles) or an `<img>` (the product's picture).
 */
const PRELOAD_USE_WINDOW_MS = 3000;

/** Records in the page, from its start, when it first asks for each URL (absolute) by one of those three means. */
async function recordUses(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const uses = new Map<string, number>();
    Object.defineProperty(window, '__e2eUses', { value: uses });
    const use = (url: string | null | undefined) => {
      if (!url) return;
      const href = new URL(url, location.href).href;
      if (!uses.has(href)) uses.set(href, performance.now());
    };
    const original = window.fetch;
    window.fetch = function fetch(input: RequestInfo | URL, init?: RequestInit) {
      use(input instanceof Request ? input.url : String(input));
      return Reflect.apply(original, window, [input, init]) as Promise<Response>;
    };
    const check = (element: Element) => {
      if (element instanceof HTMLLinkElement && element.rel === 'stylesheet') use(element.href);
      if (element instanceof HTMLImageElement) use(element.src);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.type === 'attributes' ? [record.target] : Array.from(record.addedNodes)) {
          if (!(node instanceof Element)) continue;
          check(node);
          node.querySelectorAll('link[rel="stylesheet"], img').forEach(check);
        }
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['src', 'href', 'rel'] });
  });
}

/**
 * Loads `path`; returns the preload warnings of the console, the API GETs asked for more than once, when the page
 * first asked for each URL (`performance.now()`, ms) and when its load event ended.
 */
async function load(page: Page, path: string) {
  const warnings: string[] = [];
  const counts = new Map<string, number>();
  const pictures: string[] = [];
  const onConsole = (message: { text(): string }) => {
    if (/preload/i.test(message.text())) warnings.push(message.text());
  };
  const onRequest = (request: { url(): string; method(): string }) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) {
      const key = url.pathname + url.search;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    if (url.pathname.startsWith('/pictures/')) pictures.push(url.pathname);
  };
  page.on('console', onConsole);
  page.on('request', onRequest);
  await page.goto(path);
  await waitForContent(page);
  await page.waitForLoadState('networkidle');
  const { uses, loadEnd } = await page.evaluate(() => ({
    uses: Object.fromEntries((window as unknown as { __e2eUses: Map<string, number> }).__e2eUses),
    loadEnd: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
  }));
  page.off('console', onConsole);
  page.off('request', onRequest);
  return { warnings, counts, uses, loadEnd, pictures };
}

/** Every `<link rel="preload">` of the page's head is taken up within {@link PRELOAD_USE_WINDOW_MS} of the load. */
function expectEveryPreloadUsed(path: string, preloads: string[], base: string, { uses, loadEnd }: { uses: Record<string, number>; loadEnd: number }) {
  for (const href of preloads) {
    const usedAt = uses[new URL(href, base).href];
    expect(usedAt, `${path}: the page takes up its preload of ${href}`).toBeDefined();
    expect(usedAt! - loadEnd, `${path}: ${href} is taken up within ${PRELOAD_USE_WINDOW_MS} ms of the load event`).toBeLessThan(
      PRELOAD_USE_WINDOW_MS,
    );
  }
}

/** The hrefs of the head's links matching `selector`. */
function links(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(`head ${selector}`)
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href') ?? node.getAttribute('imagesrcset') ?? ''));
}

test.describe('preloads in the first HTML (issue 9)', () => {
  test('home, catalogue, a section and a product: every preload is used, none is fetched twice, nothing carried is fetched', async ({
    page,
    request,
  }) => {
    await ownPicturesReady(request);
    const section = await biggestTopSection(request);
    const offer = await firstOfferOf(request, section.id);
    const shell = ['/api/shop', '/api/sections', '/api/menus/top', '/api/stores'];
    const pages = [
      { path: '/', route: 'home-route', api: ['/api/viewed'], carried: [...shell, '/api/collections/new?limit=10'] },
      { path: '/catalog/', route: 'catalog-route', api: [], carried: [...shell, '/api/offers?page=1&perPage=20'] },
      {
        path: section.url,
        route: 'catalog-path-route',
        api: [],
        carried: [...shell, `/api/sections/${section.id}/offers?page=1&perPage=20`],
      },
      {
        path: offer.url,
        route: 'catalog-path-route',
        api: [`/api/viewed?exclude=${offer.id}`],
        carried: [...shell, `/api/offers/by-slug/${offer.url.split('/').at(-2)}`],
        image: offer.pictures[0],
      },
    ];
    await recordUses(page);
    for (const expected of pages) {
      const loaded = await load(page, expected.path);
      const { warnings, counts } = loaded;
      const fetches = await links(page, 'link[rel="preload"][as="fetch"]');
      expect(fetches, expected.path).toEqual(
        expect.arrayContaining(['/api/session', '/api/basket/summary', '/api/compare/count', ...expected.api]),
      );
      for (const url of expected.carried) {
        expect(fetches, `${expected.path}: ${url} is in the page's state, not preloaded`).not.toContain(url);
        expect(counts.get(url), `${expected.path}: ${url} is in the page's state, not fetched`).toBeUndefined();
      }
      expect(await links(page, 'link[rel="modulepreload"]'), expected.path).toContainEqual(
        expect.stringContaining(`/assets/${expected.route}-`),
      );
      if (expected.image) {
        // The product picture is preloaded as the page's `<picture>` picks it (issue 24): the same srcset and sizes,
        // so the browser fetches one file, once, for both.
        const [srcset] = await links(page, 'link[rel="preload"][as="image"]');
        expect(srcset).toContain(`/pictures/${expected.image.id}/160.`);
        expect(loaded.pictures.filter((path) => path.startsWith(`/pictures/${expected.image.id}/`))).toHaveLength(1);
      }
      expect(warnings, expected.path).toEqual([]);
      expectEveryPreloadUsed(expected.path, await links(page, 'link[rel="preload"][href]'), page.url(), loaded);
      for (const url of fetches) {
        // The product page asks again for the viewed list once it has recorded the view: a new answer, by design.
        if (url.startsWith('/api/viewed?exclude=')) continue;
        expect(counts.get(url), `${expected.path}: ${url}`).toBe(1);
      }
    }
  });

  test('search results, contacts and reviews: after hydration the page asks only for the visitor\'s own answers', async ({
    page,
    request,
  }) => {
    const section = await biggestTopSection(request);
    const offer = await firstOfferOf(request, section.id);
    const word = offer.name.split(' ')[0]!;
    await recordUses(page);
    for (const path of [`/search/?q=${encodeURIComponent(word)}`, '/contacts/', '/reviews/']) {
      const loaded = await load(page, path);
      expect(await page.locator(`script#vitrina-state`).count(), `${path} arrives rendered`).toBe(1);
      // What the page fetched is what its head preloads: the visitor's own answers. Everything the page was drawn
      // from (the results, the stores, the reviews, the menus, the shop) came in its state.
      const own = await links(page, 'link[rel="preload"][as="fetch"]');
      expect(own, path).toEqual(expect.arrayContaining(['/api/session', '/api/basket/summary', '/api/compare/count']));
      expect([...loaded.counts.keys()].filter((url) => !own.includes(url)), `${path}: fetched though carried`).toEqual([]);
      expect(loaded.warnings, path).toEqual([]);
    }
  });

  test('a sorted, numbered listing arrives with that page in its state and warns of nothing', async ({ page }) => {
    await recordUses(page);
    const path = '/catalog/?sort=price&page=2';
    const loaded = await load(page, path);
    // The page's listing is in its state (`web/preload.rs` asks for it as the front-end does; that it takes one
    // render attempt is `listing_request`'s unit test), and every preload is taken up.
    const listing = '/api/offers?page=2&perPage=20&sort=price';
    expect(await links(page, 'link[rel="preload"][as="fetch"][href^="/api/offers"]')).toEqual([]);
    expect(loaded.counts.get(listing), `${listing} is in the page's state, not fetched`).toBeUndefined();
    await expect(page.getByTestId('listing-range')).toHaveText(/^21–/);
    expect(loaded.warnings).toEqual([]);
    expectEveryPreloadUsed(path, await links(page, 'link[rel="preload"]'), page.url(), loaded);
  });
});

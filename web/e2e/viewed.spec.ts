import { expect, test, type Page } from './helpers/test';
import { RECENTLY_VIEWED_FADE_MS } from '../src/config/constants';
import { getJson, waitForContent, type ApiOffer } from './helpers/api';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { screenshotPath } from './helpers/screens';

/**
 * Recently viewed (issue 6; spec §2 "Recently viewed header is hidden until shown, then fades in", §4 "hidden, then
 * fades in and is marked as shown", §9 fade 2000 ms): opening a product page records it; the home and product pages
 * show "Вы смотрели", newest first, the product page without its own offer. Each test has its own browser context,
 * so its own session and an empty list to start with.
 */

const block = (page: Page) => page.getByTestId('recently-viewed');
const title = (page: Page) => block(page).getByRole('heading', { level: 2, name: 'Вы смотрели' });
const cardIds = (page: Page) =>
  block(page)
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-offer-id')));

/** Two offers of the demo catalogue. */
async function twoOffers(page: Page): Promise<[ApiOffer, ApiOffer]> {
  const list = await getJson<{ items: ApiOffer[] }>(page.request, '/api/offers?perPage=2');
  expect(list.items.length, 'the demo catalogue has offers').toBe(2);
  return [list.items[0]!, list.items[1]!];
}

/** Opens the product page of `offer` and waits until its view is recorded (`POST /api/viewed`). */
async function view(page: Page, offer: ApiOffer) {
  const recorded = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/viewed' && response.request().method() === 'POST',
  );
  await page.goto(offer.url);
  await waitForContent(page);
  expect((await recorded).status()).toBe(204);
}

/** Opens `path` and waits until the page has its answer to `GET /api/viewed`. */
async function openWithViewed(page: Page, path: string) {
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/viewed' && response.request().method() === 'GET',
  );
  await page.goto(path);
  await waitForContent(page);
  await answered;
}

test.describe('recently viewed', () => {
  test('nothing renders for a visitor who has viewed nothing', async ({ page }) => {
    await openWithViewed(page, '/');
    await expect(page.getByRole('heading', { name: 'Вы смотрели' })).toHaveCount(0);
    await expect(block(page)).toHaveCount(0);
  });

  // Both widths: the row scrolls sideways inside its own box at 375 px; axe scan and screenshot.
  test('the home page shows both viewed products newest first; the header fades in over 2 s, then is marked shown', { tag: '@responsive' }, async ({
    page,
  }, testInfo) => {
    const [first, second] = await twoOffers(page);
    await view(page, first);
    await view(page, second);

    // The header's phases as the page goes through them, timed in the page (a busy machine cannot shorten them).
    await page.addInitScript(() => {
      const record = { firstOpacity: -1, fadingAt: 0, fadingOpacity: -1, shownAt: 0, shownBeforeFading: false };
      Object.defineProperty(window, '__viewedHeader', { value: record });
      new MutationObserver(() => {
        const header = document.querySelector('[data-testid="recently-viewed"] h2');
        if (!header) return;
        if (record.firstOpacity < 0) record.firstOpacity = Number(getComputedStyle(header).opacity);
        if (!record.fadingAt && header.hasAttribute('data-fading')) {
          record.fadingAt = performance.now();
          record.fadingOpacity = Number(getComputedStyle(header).opacity);
        }
        if (!record.shownAt && header.hasAttribute('data-shown')) {
          record.shownAt = performance.now();
          record.shownBeforeFading = !record.fadingAt;
        }
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-fading', 'data-shown'] });
    });
    const header = () =>
      page.evaluate(
        () =>
          (window as unknown as {
            __viewedHeader: { firstOpacity: number; fadingAt: number; fadingOpacity: number; shownAt: number; shownBeforeFading: boolean };
          }).__viewedHeader,
      );

    await page.goto('/');
    await expect(block(page)).toBeVisible();
    expect(await cardIds(page)).toEqual([second.id, first.id]);
    await expect(block(page).getByRole('link', { name: second.name })).toHaveAttribute('href', second.url);

    // Hidden at first, then fading (not yet opaque), marked as shown only once the fade's time has run.
    await expect(title(page)).toHaveAttribute('data-shown', '', { timeout: RECENTLY_VIEWED_FADE_MS + 3000 });
    const phases = await header();
    expect(phases.firstOpacity, 'hidden at first').toBeLessThan(0.05);
    expect(phases.shownBeforeFading, 'it fades in before it is marked shown').toBe(false);
    expect(phases.fadingOpacity, 'not yet opaque when the fade starts').toBeLessThan(1);
    // (The fade's start is noted when React's commit has ended, a few milliseconds after its timer started.)
    expect(phases.shownAt - phases.fadingAt, 'marked as shown only after the fade').toBeGreaterThanOrEqual(RECENTLY_VIEWED_FADE_MS - 50);
    await expect.poll(() => title(page).evaluate((el) => getComputedStyle(el).opacity)).toBe('1');

    // The row scrolls sideways inside its own box, not the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await block(page).scrollIntoViewIfNeeded();
    await block(page).screenshot({ path: screenshotPath(`viewed-home-${testInfo.project.name}.png`) });
    // Scanned from the top: scrolled to the block, the section tiles above it pass under the sticky header, which
    // axe's target-size counts as their being covered (a shopper scrolls them back out).
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoSeriousA11yViolations(page);
  });

  test('a product page shows the others, without itself', async ({ page }, testInfo) => {
    const [first, second] = await twoOffers(page);
    await view(page, first);
    await view(page, second);

    // On the second product's page: only the first.
    await expect(title(page)).toHaveAttribute('data-shown', '', { timeout: RECENTLY_VIEWED_FADE_MS + 3000 });
    expect(await cardIds(page)).toEqual([first.id]);

    // Back to the first: it moves to the front of the list, and its page shows only the second.
    await view(page, first);
    await expect(block(page)).toBeVisible();
    expect(await cardIds(page)).toEqual([second.id]);
    await expect.poll(() => title(page).evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await block(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath(`viewed-product-${testInfo.project.name}.png`) });
    await expectNoSeriousA11yViolations(page);

    await openWithViewed(page, '/');
    await expect(block(page)).toBeVisible();
    expect(await cardIds(page)).toEqual([first.id, second.id]);
  });

  test('a product page viewed alone shows no block', async ({ page }) => {
    const [first] = await twoOffers(page);
    const answered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/viewed' && response.request().method() === 'GET',
    );
    await view(page, first);
    await answered;
    await expect(block(page)).toHaveCount(0);
  });
});

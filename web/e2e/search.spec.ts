import { expect, test, type Page } from './helpers/test';
import {
  AVAILABILITY_COOKIE_MAX_AGE_S,
  AVAILABILITY_COOKIE_NAME,
  DESKTOP_BREAKPOINT_PX,
  SEARCH_DELAY_MS,
} from '../src/config/constants';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { waitForContent } from './helpers/api';
import { recordFetches } from './helpers/fetches';
import { screenshotPath } from './helpers/screens';
import { pauseClock, settle } from './helpers/timing';
import {
  apiSearch,
  BROAD,
  cookie,
  CUBES,
  isSearchRequest,
  openSearch,
  recordSearchRequests,
  resultItems,
  searchDialog,
  searchInput,
  searchOpener,
  waitForResults,
} from './helpers/search';

/**
 * The instant search (issue 4; spec §2, §3, §4, §5, §8, §9) at 1280 px (the pop-up opened from the header
 * field) and 375 px (the slide panel opened from the header icon), against the real engine on the demo catalogue.
 */

/** Holds every `/api/search` response until `release()` (a slow network): the wait indicator stays up meanwhile. */
async function holdSearchResponses(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(isSearchRequest, async (route) => {
    await gate;
    try {
      await route.continue();
    } catch {
      // The page aborted this request meanwhile.
    }
  });
  return { release };
}

/** Gap between two keystrokes of a fast typist, ms: well inside the search's delay. */
const KEY_INTERVAL_MS = 60;

/**
 * Loads the page anew with Playwright's clock installed (time flowing until the test pauses it) and the page's fetches
 * recorded, both from before its scripts run; answers the `/api/search` calls made so far. A request that must NOT be
 * sent is looked for there, after `settle`: complete at once, unlike the `request` events Playwright delivers later.
 */
async function reloadWithClock(page: Page) {
  const fetches = await recordFetches(page);
  await page.clock.install();
  await page.reload();
  await waitForContent(page);
  return async () => (await fetches.calls()).filter((call) => call.path.startsWith('/api/search?'));
}

test.describe('instant search', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await waitForContent(page);
  });

  test('the header field (wide) or icon (narrow) opens the search with its own focused field, backdrop and scroll lock', { tag: '@responsive' }, async ({
    page,
    isMobile,
  }, testInfo) => {
    // What must not happen is looked for once the search's delay has run on Playwright's clock.
    await reloadWithClock(page);
    const opener = searchOpener(page, isMobile);
    await expect(opener).toBeVisible();
    // Only one of the two exists at each width.
    await expect(page.getByTestId(isMobile ? 'header-search-field' : 'header-search-icon')).toHaveCount(0);
    const dialog = searchDialog(page);
    if (isMobile) await opener.click();
    else {
      // Focus alone opens nothing (issue 19, WCAG 3.2.1), not even after the search's delay: Tab goes on through the
      // header.
      await opener.focus();
      await page.clock.runFor(SEARCH_DELAY_MS);
      await settle(page);
      await expect(dialog).toHaveCount(0);
      await page.keyboard.press('Tab');
      await expect(opener).not.toBeFocused();
      await expect(dialog).toHaveCount(0);
      // Typing opens the pop-up with what was typed, and typing goes on there.
      await opener.focus();
      // (Latin keys: Playwright sends Cyrillic as text input alone, without the key events a keyboard makes.)
      await page.keyboard.type('lego');
      await expect(searchInput(page)).toHaveValue('lego');
      await page.keyboard.press('Control+a');
      await page.keyboard.press('Delete');
    }
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('data-overlay', isMobile ? 'slide-panel' : 'popup');
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog.getByRole('heading', { level: 2, name: 'Поиск' })).toBeVisible();
    await expect(searchInput(page)).toBeFocused();
    await expect(page.getByTestId('overlay-backdrop')).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    if (isMobile) await expect(opener).toHaveAttribute('aria-expanded', 'true');
    await page.screenshot({ path: screenshotPath(`${testInfo.project.name}-search-open.png`) });

    // Escape closes it and gives focus back to the opener without opening it again.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
    await page.clock.runFor(SEARCH_DELAY_MS);
    await settle(page);
    await expect(dialog).toHaveCount(0);
  });

  test('typing searches once, 500 ms after the last keystroke, with a wait indicator while the request runs', async ({
    page,
    isMobile,
  }) => {
    // The delay is timed with Playwright's clock, paused before the typing.
    const searches = await reloadWithClock(page);
    const requests = recordSearchRequests(page);
    const input = await openSearch(page, isMobile);
    const { release } = await holdSearchResponses(page);

    await pauseClock(page);
    for (const [index, letter] of [...CUBES].entries()) {
      if (index > 0) await page.clock.runFor(KEY_INTERVAL_MS);
      await input.pressSequentially(letter);
    }
    await settle(page);
    // Nothing is sent until the delay after the last keystroke has run out; then the whole word, once.
    await page.clock.runFor(SEARCH_DELAY_MS - 1);
    await settle(page);
    expect(await searches(), 'nothing is sent before the 500 ms pause').toEqual([]);
    await page.clock.runFor(1);
    await expect.poll(() => requests.sent.length).toBe(1);
    expect(requests.queries()[0]).toEqual({ q: CUBES, available: 'N', section: null });
    await page.clock.resume();

    const wait = searchDialog(page).getByTestId('search-wait');
    await expect(wait).toBeVisible();
    release();
    await expect(wait).toHaveCount(0);
    await waitForResults(page);
    // Time enough for another request, had the typing queued one.
    await page.clock.runFor(SEARCH_DELAY_MS);
    await settle(page);
    expect(await searches(), 'fast typing sent one request').toHaveLength(1);
    expect(requests.sent).toHaveLength(1);

    const answer = await apiSearch(page.request, CUBES);
    await expect(resultItems(page)).toHaveCount(answer.items.length);
  });

  test('a newer text aborts the request still in flight', async ({ page, isMobile }) => {
    const requests = recordSearchRequests(page);
    const input = await openSearch(page, isMobile);
    const { release } = await holdSearchResponses(page);
    await input.fill(CUBES);
    await expect.poll(() => requests.sent.length).toBe(1);
    await input.fill(BROAD);
    await expect.poll(() => requests.sent.length).toBe(2);
    await expect.poll(() => requests.failed.map(({ url }) => new URL(url).searchParams.get('q'))).toEqual([CUBES]);
    expect(requests.failed[0]!.error).toMatch(/ABORTED|cancel/i);
    release();
    await waitForResults(page);
    const answer = await apiSearch(page.request, BROAD);
    await expect(searchDialog(page).getByTestId('search-live')).toHaveText(`Найдено ${answer.total} товаров`);
  });

  test('a cached text shows its results at once without a request; an empty text clears and hides the results', async ({
    page,
    isMobile,
  }) => {
    const searches = await reloadWithClock(page);
    const requests = recordSearchRequests(page);
    const input = await openSearch(page, isMobile);
    await input.fill(BROAD);
    await waitForResults(page);
    await input.fill(CUBES);
    await waitForResults(page);
    await expect(resultItems(page).first()).toContainText(/куб/i);
    expect(requests.sent).toHaveLength(2);
    const broadCount = (await apiSearch(page.request, BROAD)).items.length;

    // From the cache: shown with the clock stopped, so without the 500 ms wait, and without a request.
    await pauseClock(page);
    await input.fill(BROAD);
    await expect(resultItems(page)).toHaveCount(broadCount);
    await page.clock.runFor(SEARCH_DELAY_MS);
    await settle(page);
    expect(await searches()).toHaveLength(2);
    expect(requests.sent).toHaveLength(2);
    await page.clock.resume();

    await input.fill('');
    await expect(searchDialog(page).getByTestId('search-results')).toBeHidden();
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(searchDialog(page).getByTestId('search-live')).toHaveText('');
    await input.fill('   ');
    await page.clock.runFor(SEARCH_DELAY_MS);
    await settle(page);
    expect(await searches(), 'empty and blank texts send nothing').toHaveLength(2);
    expect(requests.sent).toHaveLength(2);
  });

  test('the availability checkbox re-runs the search, is kept in its cookie and survives a reload', async ({
    page,
    isMobile,
  }) => {
    const requests = recordSearchRequests(page);
    const input = await openSearch(page, isMobile);
    const checkbox = searchDialog(page).getByRole('checkbox', { name: 'Только в наличии' });
    await expect(checkbox).not.toBeChecked();
    await input.fill(BROAD);
    await waitForResults(page);

    await checkbox.check();
    await expect.poll(() => requests.queries().at(-1)).toEqual({ q: BROAD, available: 'Y', section: null });
    const inStock = await apiSearch(page.request, BROAD, '&available=Y');
    await waitForResults(page);
    await expect(searchDialog(page).getByTestId('search-live')).toContainText(String(inStock.total));
    await expect(resultItems(page)).toHaveCount(inStock.items.length);

    const stored = await cookie(page, AVAILABILITY_COOKIE_NAME);
    expect(stored.value).toBe('Y');
    expect(stored.path).toBe('/');
    expect(Math.abs(stored.expires - (Date.now() / 1000 + AVAILABILITY_COOKIE_MAX_AGE_S))).toBeLessThan(120);

    await page.reload();
    await waitForContent(page);
    await openSearch(page, isMobile);
    await expect(searchDialog(page).getByRole('checkbox', { name: 'Только в наличии' })).toBeChecked();
    await searchDialog(page).getByRole('checkbox', { name: 'Только в наличии' }).uncheck();
    expect((await cookie(page, AVAILABILITY_COOKIE_NAME)).value).toBe('N');
  });


  test('items show picture, name link, parameters as "name: value" and prices as the answer says', async ({
    page,
    isMobile,
  }, testInfo) => {
    const answer = await apiSearch(page.request, BROAD);
    const input = await openSearch(page, isMobile);
    await input.fill(BROAD);
    await waitForResults(page);
    const rows = searchDialog(page).getByTestId('search-item');
    await expect(rows).toHaveCount(answer.items.length);
    for (const [index, item] of answer.items.entries()) {
      const row = rows.nth(index);
      await expect(row).toHaveAttribute('data-offer-id', item.id);
      await expect(row).toContainText(item.name);
      await expect(row.locator('[data-placeholder]')).toHaveAttribute('data-placeholder', item.picture ? 'false' : 'true');
      await expect(row.getByTestId('search-item-param')).toHaveText(
        item.parameters.map(({ name, value }) => `${name}: ${value}`),
      );
      await expect(row.getByTestId('search-item-price')).toHaveCount(item.price > 0 ? 1 : 0);
      await expect(row.getByTestId('search-item-old-price')).toHaveCount(item.oldPrice ? 1 : 0);
    }
    await expect(rows.first().getByTestId('search-item-price')).toContainText('₽');

    await page.screenshot({ path: screenshotPath(`${testInfo.project.name}-search-results.png`) });

    // A click on a row opens its product.
    await resultItems(page).nth(2).click();
    await expect(page).toHaveURL(answer.items[2]!.url);
    await expect(searchDialog(page)).toHaveCount(0);
  });

  test('"Ничего не найдено" and the live region when nothing matches', async ({ page, isMobile }) => {
    const input = await openSearch(page, isMobile);
    await input.fill('щщщъъъ');
    await waitForResults(page);
    await expect(searchDialog(page).getByTestId('search-nothing')).toContainText('Ничего не найдено');
    await expect(searchDialog(page).getByTestId('search-nothing')).toBeVisible();
    await expect(searchDialog(page).getByTestId('search-live')).toHaveText('Ничего не найдено');
    await expect(searchDialog(page).getByTestId('search-live')).toHaveAttribute('role', 'status');
    await expect(resultItems(page)).toHaveCount(0);
  });

  test('the field is a combobox: arrows move through the items, Enter opens the active one', async ({
    page,
    isMobile,
  }) => {
    const answer = await apiSearch(page.request, BROAD);
    const input = await openSearch(page, isMobile);
    await input.fill(BROAD);
    await waitForResults(page);
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    const listbox = searchDialog(page).getByRole('listbox');
    await expect(input).toHaveAttribute('aria-controls', (await listbox.getAttribute('id'))!);
    await expect(input).not.toHaveAttribute('aria-activedescendant');

    const options = resultItems(page);
    await input.press('ArrowDown');
    await expect(input).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id'))!);
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await input.press('ArrowUp');
    const last = options.nth(answer.items.length - 1);
    await expect(input).toHaveAttribute('aria-activedescendant', (await last.getAttribute('id'))!);
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'false');
    await input.press('ArrowDown');
    await input.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');

    await input.press('Enter');
    await expect(page).toHaveURL(answer.items[1]!.url);
    await expect(searchDialog(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: answer.items[1]!.name })).toBeVisible();
  });

  // Both widths: the results page's axe scan and screenshot; its sections fold at 375 px.
  test('Enter with no active item opens the results page with the same sections', { tag: '@responsive' }, async ({
    page,
    isMobile,
  }, testInfo) => {
    const answer = await apiSearch(page.request, BROAD);
    const input = await openSearch(page, isMobile);
    await input.fill(BROAD);
    await waitForResults(page);
    await input.press('Enter');
    await expect(page).toHaveURL(`/search/?q=${encodeURIComponent(BROAD)}&available=N`);
    await expect(searchDialog(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: `Результаты поиска «${BROAD}»` })).toBeVisible();
    const results = page.getByTestId('search-page-results');
    await expect(results.getByTestId('search-item')).toHaveCount(answer.items.length);
    await expect(results.locator('[data-section-id]')).toHaveCount(answer.sections.length);
    await expect(page.getByRole('main').getByRole('searchbox')).toHaveValue(BROAD);

    const section = answer.sections[1]!;
    if (isMobile && (await results.getByRole('button', { name: 'Показать все' }).count()) > 0) {
      await results.getByRole('button', { name: 'Показать все' }).click();
    }
    await results.locator(`[data-section-id="${section.id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`section=${section.id}`));
    const inSection = await apiSearch(page.request, BROAD, `&section=${section.id}&subsections=N`);
    await expect(results.getByTestId('search-item')).toHaveCount(inSection.items.length);
    await page.screenshot({ path: screenshotPath(`${testInfo.project.name}-search-page.png`), fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });

  test('closing remembers the text; reopening restores it with its cached results and no request', async ({
    page,
    isMobile,
  }) => {
    const searches = await reloadWithClock(page);
    const requests = recordSearchRequests(page);
    const input = await openSearch(page, isMobile);
    await input.fill(CUBES);
    await waitForResults(page);
    const count = await resultItems(page).count();
    await page.keyboard.press('Escape');
    await expect(searchDialog(page)).toHaveCount(0);
    if (!isMobile) await expect(searchOpener(page, isMobile)).toHaveValue(CUBES);

    const reopened = await openSearch(page, isMobile);
    await expect(reopened).toHaveValue(CUBES);
    // The results are there with the clock stopped (no 500 ms wait), and stay without a request past the delay.
    await pauseClock(page);
    await expect(resultItems(page)).toHaveCount(count);
    await page.clock.runFor(SEARCH_DELAY_MS);
    await settle(page);
    expect(await searches()).toHaveLength(1);
    expect(requests.sent).toHaveLength(1);
    await page.clock.resume();
  });

  test('crossing the 1043 px breakpoint closes the pop-up or the panel', { tag: '@responsive' }, async ({ page, isMobile }) => {
    await openSearch(page, isMobile);
    await page.setViewportSize({ width: isMobile ? DESKTOP_BREAKPOINT_PX + 57 : DESKTOP_BREAKPOINT_PX - 43, height: 740 });
    await expect(searchDialog(page)).toHaveCount(0);
    // The other side's control is there, and nothing opened by itself.
    await expect(searchOpener(page, !isMobile)).toBeVisible();
    if (!isMobile) await expect(searchOpener(page, true)).toHaveAttribute('aria-expanded', 'false');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });

  // Both widths: the pop-up wide, the slide panel narrow.
  test('has no serious accessibility violations with results open', { tag: '@responsive' }, async ({ page, isMobile }) => {
    const input = await openSearch(page, isMobile);
    await input.fill(BROAD);
    await waitForResults(page);
    await input.press('ArrowDown');
    await expectNoSeriousA11yViolations(page);
  });
});

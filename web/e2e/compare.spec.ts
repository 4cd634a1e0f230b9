import { expect, test, type Page } from './helpers/test';
import { getJson, waitForContent, type ApiOffer } from './helpers/api';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { addToCompareList } from './helpers/lists';
import { screenshotPath } from './helpers/screens';

/**
 * The compare list (issue 6; spec §3 "Compare list: a count of items", §4 "Compare widget: active when count is above
 * 0; inactive at 0 or less"): the header widget, "Сравнить" on product cards, and the compare page
 * `/catalog/compare/` with its rows, "Только различия", remove and clear. Each test has its own browser context, so
 * its own session and an empty compare list to start with.
 */

const widget = (page: Page) => page.getByRole('banner').getByTestId('compare-widget');
const table = (page: Page) => page.getByTestId('compare-table');

/** Waits until the header has its answer to `GET /api/compare/count` (started before `action`). */
async function withCountAnswer(page: Page, action: () => Promise<unknown>) {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/compare/count');
  await action();
  await answered;
}

/** The first offers of the section whose first three offers share some params and differ in others. */
async function comparableOffers(page: Page): Promise<{ offers: ApiOffer[]; rows: { name: string; values: string[]; equal: boolean }[] }> {
  const all = await getJson<{ items: ApiOffer[] }>(page.request, '/api/offers?perPage=100');
  const bySection = new Map<string, ApiOffer[]>();
  for (const offer of all.items) {
    if (offer.sectionId === null || offer.params.length === 0) continue;
    bySection.set(offer.sectionId, [...(bySection.get(offer.sectionId) ?? []), offer]);
  }
  for (const candidates of bySection.values()) {
    if (candidates.length < 3) continue;
    const offers = candidates.slice(0, 3);
    const rows = expectedRows(offers);
    if (rows.some((row) => row.equal) && rows.some((row) => !row.equal)) return { offers, rows };
  }
  throw new Error('the demo catalogue has no section with three comparable offers');
}

/** The table's rows as the page should show them: the union of param names, "—" where missing. */
function expectedRows(offers: ApiOffer[]) {
  const names = [...new Set(offers.flatMap((offer) => offer.params.map((param) => param.name)))];
  return names.map((name) => {
    const values = offers.map((offer) => {
      const texts = offer.params
        .filter((param) => param.name === name)
        .map((param) => (param.unit ? `${param.value}\u00a0${param.unit}` : param.value));
      return texts.length > 0 ? texts.join(', ') : '—';
    });
    return { name, values, equal: values.every((value) => value === values[0]) };
  });
}

/** The characteristic rows on the page: name and values, "—" for a missing one. */
async function shownRows(page: Page): Promise<string[][]> {
  return page.getByTestId('compare-param-row').evaluateAll((rows) =>
    rows.map((row) =>
      Array.from(row.children, (cell) => {
        const clone = cell.cloneNode(true) as HTMLElement;
        clone.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
        return clone.textContent ?? '';
      }),
    ),
  );
}

test.describe('compare widget', () => {
  // Both widths: the widget sits in the head, laid out per width.
  test('is inactive at 0 and active with the count after "Сравнить" on cards', { tag: '@responsive' }, async ({ page }, testInfo) => {
    await withCountAnswer(page, () => page.goto('/catalog/'));
    await waitForContent(page);
    await expect(widget(page)).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Сравнение:/ })).toHaveCount(0);

    const cards = page.getByTestId('product-card');
    const first = cards.nth(0).getByRole('button', { name: /^Сравнить: / });
    await expect(first).toHaveAttribute('aria-pressed', 'false');
    await first.click();
    await expect(first).toHaveAttribute('aria-pressed', 'true');
    await expect(widget(page)).toBeVisible();
    await expect(widget(page)).toHaveAccessibleName('Сравнение: 1 товар');
    await expect(widget(page)).toHaveAttribute('data-active', '');
    await expect(widget(page)).toHaveAttribute('href', '/catalog/compare/');
    await expect(widget(page)).toHaveText('1');

    await cards.nth(1).getByRole('button', { name: /^Сравнить: / }).click();
    await expect(widget(page)).toHaveAccessibleName('Сравнение: 2 товара');
    await page.getByRole('banner').screenshot({ path: screenshotPath(`compare-widget-${testInfo.project.name}.png`) });

    // The list is the session's: a reload keeps it.
    await page.reload();
    await waitForContent(page);
    await expect(widget(page)).toHaveAccessibleName('Сравнение: 2 товара');
    await expect(page.getByTestId('product-card').nth(0).getByRole('button', { name: /^Сравнить: / })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Pressing it again takes the offer off; at 0 the widget is gone again.
    await page.getByTestId('product-card').nth(0).getByRole('button', { name: /^Сравнить: / }).click();
    await expect(widget(page)).toHaveAccessibleName('Сравнение: 1 товар');
    await page.getByTestId('product-card').nth(1).getByRole('button', { name: /^Сравнить: / }).click();
    await expect(widget(page)).toHaveCount(0);
  });

  test('leads to the compare page', async ({ page }) => {
    const { offers } = await comparableOffers(page);
    await addToCompareList(page, [offers[0]!.id]);
    await page.goto('/');
    await widget(page).click();
    await expect(page).toHaveURL(/\/catalog\/compare\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Сравнение товаров');
    await expect(widget(page)).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('compare page', () => {
  // Both widths: below 1043 px the table scrolls sideways with the names column in place.
  test('shows the offers side by side, a row per param, and "Только различия" hides equal rows', { tag: '@responsive' }, async ({ page }, testInfo) => {
    const { offers, rows } = await comparableOffers(page);
    await addToCompareList(page, offers.map((offer) => offer.id));
    await page.goto('/catalog/compare/');
    await waitForContent(page);
    await expect(page).toHaveTitle(/^Сравнение товаров — /);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Сравнение товаров');

    const headers = table(page).getByRole('columnheader');
    await expect(headers).toHaveText(offers.map((offer) => offer.name));
    await expect(headers.nth(0).getByRole('link')).toHaveAttribute('href', offers[0]!.url);
    await expect(table(page).getByTestId('add-to-basket')).toHaveCount(offers.length);
    expect(await shownRows(page)).toEqual(rows.map((row) => [row.name, ...row.values]));

    // The table scrolls inside its own box; the page itself never scrolls sideways.
    const pageWidth = page.viewportSize()!.width;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(pageWidth);

    // Below 1043 px the table scrolls sideways with the names column in place.
    const scroller = page.getByRole('region', { name: 'Таблица сравнения' });
    const overflow = await scroller.evaluate((el) => el.scrollWidth - el.clientWidth);
    if (testInfo.project.name === 'mobile') {
      expect(overflow, 'the table is wider than the screen').toBeGreaterThan(0);
      const nameCell = table(page).getByRole('rowheader', { name: 'Цена' });
      const before = await nameCell.boundingBox();
      await scroller.evaluate((el) => el.scrollBy({ left: 200 }));
      await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      expect((await nameCell.boundingBox())!.x).toBeCloseTo(before!.x, 0);
      await expect(headers.nth(0)).not.toBeInViewport({ ratio: 1 });
      await scroller.evaluate((el) => el.scrollTo({ left: 0 }));
    }
    await page.screenshot({ path: screenshotPath(`compare-page-${testInfo.project.name}.png`), fullPage: true });

    const onlyDifferences = page.getByRole('switch', { name: 'Только различия' });
    await onlyDifferences.check();
    expect(await shownRows(page)).toEqual(rows.filter((row) => !row.equal).map((row) => [row.name, ...row.values]));
    await page.screenshot({ path: screenshotPath(`compare-differences-${testInfo.project.name}.png`), fullPage: true });
    await onlyDifferences.uncheck();
    expect(await shownRows(page)).toHaveLength(rows.length);
  });

  test('"Удалить" takes one offer off and "Очистить" empties the list', async ({ page }) => {
    const { offers } = await comparableOffers(page);
    await addToCompareList(page, offers.map((offer) => offer.id));
    await page.goto('/catalog/compare/');
    await waitForContent(page);
    await expect(widget(page)).toHaveAccessibleName('Сравнение: 3 товара');

    await page.getByRole('button', { name: `Удалить из сравнения: ${offers[1]!.name}` }).click();
    await expect(table(page).getByRole('columnheader')).toHaveText([offers[0]!.name, offers[2]!.name]);
    await expect(widget(page)).toHaveAccessibleName('Сравнение: 2 товара');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    expect(await shownRows(page)).toEqual(expectedRows([offers[0]!, offers[2]!]).map((row) => [row.name, ...row.values]));

    await page.getByRole('button', { name: 'Очистить список сравнения' }).click();
    await expect(page.getByText('В списке сравнения пока нет товаров.')).toBeVisible();
    await expect(table(page)).toHaveCount(0);
    await expect(widget(page)).toHaveCount(0);
    await page.getByRole('link', { name: 'Перейти в каталог' }).click();
    await expect(page).toHaveURL(/\/catalog\/$/);

    // The server agrees.
    expect((await getJson<{ count: number }>(page.request, '/api/compare/count')).count).toBe(0);
  });

  test('an empty list shows the empty state', async ({ page }, testInfo) => {
    await page.goto('/catalog/compare/');
    await waitForContent(page);
    await expect(page.getByTestId('compare-empty')).toContainText('В списке сравнения пока нет товаров.');
    await expect(page.getByRole('link', { name: 'Перейти в каталог' })).toHaveAttribute('href', '/catalog/');
    await page.screenshot({ path: screenshotPath(`compare-empty-${testInfo.project.name}.png`) });
    await expectNoSeriousA11yViolations(page);
  });

  // Both widths: the table is laid out per width.
  test('has no serious accessibility violations, with "Только различия" on too', { tag: '@responsive' }, async ({ page }) => {
    const { offers } = await comparableOffers(page);
    await addToCompareList(page, offers.map((offer) => offer.id));
    await page.goto('/catalog/compare/');
    await waitForContent(page);
    await expect(table(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('switch', { name: 'Только различия' }).check();
    await expectNoSeriousA11yViolations(page);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { expect, gotoAtLoad, test as base, type Page } from './helpers/test';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { startOwnShop } from './helpers/own-shop';

/**
 * Facets (issue 35) on the real cartridge feed (`../shared/data/vtt-params.yml.xml`: 3,109 offers, no categories,
 * so one listing, the catalogue's): a shop of its own per worker, started here from the release binary. Skipped
 * with a message when `../shared` is absent; under CI its absence fails.
 */
const FEED = path.resolve(import.meta.dirname, '../../../shared/data/vtt-params.yml.xml');
/** The cartridge shops' ports follow the demo shops' (`basePort() + worker`). */
const PORT_OFFSET = 40;

const test = base.extend<{}, { cartridgeShop: string }>({
  cartridgeShop: [
    async ({}, use, workerInfo) => {
      // A search of more than 1,000 matches estimates its facets' counts (issue 39; 32,768 by default).
      const shop = await startOwnShop({ file: FEED }, PORT_OFFSET + workerInfo.parallelIndex, {
        VITRINA_FACET_EXACT_MATCHES: '1000',
      });
      await use(shop.origin);
      shop.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ cartridgeShop }, use) => use(cartridgeShop),
});

test.beforeAll(() => {
  if (!fs.existsSync(FEED)) {
    if (process.env.CI) throw new Error(`${FEED} is missing: the facet tests need ../shared beside the checkout`);
    test.skip(true, `${FEED} is absent: the facet tests need ../shared`);
  }
});

/** The three choices: vendor, originality, colour (a facet, its value). */
const CHOICES = [
  ['Производитель', /^HP,/],
  ['Оригинальность', /^Оригинал,/],
  ['Цвет', /^Чёрный,/],
] as const;

/** The facet panel in use at this width: the column from 1043 px, else the slide panel opened by "Фильтры". */
async function openPanel(page: Page, wide: boolean) {
  if (wide) return page.getByRole('complementary', { name: 'Фильтры' });
  await page.getByRole('button', { name: /^Фильтры/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Фильтры' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** "1–20 из N": the listing's size. */
const range = (page: Page) => page.getByTestId('listing-range');

test.describe('facets', () => {
  test('three choices narrow the cartridges to the black original HP ones; the URL holds them and a reload keeps them', { tag: '@responsive' }, async ({ page }, testInfo) => {
    const wide = testInfo.project.use.viewport!.width >= 1043;
    // A shopper presses the moment the page is there: before the app runs, a value is a link and "Фильтры" is held.
    await gotoAtLoad(page, '/catalog/');
    await expect(range(page)).toHaveText('1–20 из 3109');
    let panel = await openPanel(page, wide);
    // Each choice narrows the listing at once, with no page load.
    let shown = await range(page).textContent();
    for (const [facet, name] of CHOICES) {
      const value = panel.getByRole('group', { name: facet }).getByRole('checkbox', { name });
      await value.click();
      await expect(value).toHaveAttribute('aria-checked', 'true');
      await expect(range(page)).not.toHaveText(shown!);
      shown = await range(page).textContent();
    }
    await expect(range(page)).toHaveText('1–20 из 33');
    // The vendor's counts ignore its own choice: Kyocera's black originals, unchosen.
    const kyocera = panel.getByRole('group', { name: 'Производитель' }).getByRole('checkbox', { name: /^Kyocera, \d+$/ });
    await expect(kyocera).toHaveAttribute('aria-checked', 'false');
    await expect(panel.getByRole('button', { name: 'Показать (33)' })).toBeVisible();
    const url = new URL(page.url());
    expect(url.search).toBe(
      `?vendor=HP&${new URLSearchParams([['p.Оригинальность', 'Оригинал'], ['p.Цвет', 'Чёрный']]).toString()}`,
    );
    if (!wide) {
      await panel.getByRole('button', { name: 'Показать (33)' }).click();
      await expect(panel).toBeHidden();
      await expect(page.getByRole('button', { name: 'Фильтры, выбрано: 3' })).toBeVisible();
    }
    await expect(page.getByTestId('product-card')).toHaveCount(20);

    await page.reload();
    await expect(range(page)).toHaveText('1–20 из 33');
    panel = await openPanel(page, wide);
    for (const [facet, name] of CHOICES) {
      await expect(panel.getByRole('group', { name: facet }).getByRole('checkbox', { name })).toHaveAttribute('aria-checked', 'true');
    }
    // The reload kept the scroll; at the top nothing hides under the sticky header.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoSeriousA11yViolations(page);
  });

  test('without JavaScript the same URL renders the same listing, and the values are links', { tag: '@responsive' }, async ({ browser, baseURL }, testInfo) => {
    const context = await browser.newContext({ ...testInfo.project.use, baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/catalog/?vendor=HP&p.Оригинальность=Оригинал&p.Цвет=Чёрный');
    await expect(range(page)).toHaveText('1–20 из 33');
    await expect(page.getByTestId('product-card')).toHaveCount(20);
    // Below 1043 px the "Фильтры" link leads to the panel.
    if (testInfo.project.use.viewport!.width < 1043) await page.getByRole('button', { name: /^Фильтры/ }).click();
    const panel = page.getByRole('complementary', { name: 'Фильтры' });
    await panel.getByRole('checkbox', { name: /^Чёрный,/ }).click();
    await expect(page).toHaveURL(/\?vendor=HP&p\.%D0%9E/);
    await expect(range(page)).not.toHaveText('1–20 из 33');
    // The price range is sent by the form's button.
    await page.goto('/catalog/?vendor=HP');
    if (testInfo.project.use.viewport!.width < 1043) await page.getByRole('button', { name: /^Фильтры/ }).click();
    await panel.getByRole('textbox', { name: 'Цена, KZT от' }).fill('50000');
    await panel.getByRole('button', { name: /^Показать \(/ }).click();
    await expect(page).toHaveURL(/vendor=HP&priceMin=50000|priceMin=50000.*vendor=HP/);
    await expect(page.getByRole('link', { name: 'Убрать фильтр: Цена: от 50000' })).toBeVisible();
    await context.close();
  });

  test('each chosen filter leaves from the row above the listing, and "Сбросить" clears them all', { tag: '@responsive' }, async ({ page }) => {
    await gotoAtLoad(page, '/catalog/?vendor=HP&vendor=Canon&p.Цвет=Чёрный&priceMin=1000');
    const row = page.getByRole('list', { name: 'Выбранные фильтры' });
    await expect(row.getByRole('link')).toHaveCount(4);
    const before = await range(page).textContent();
    await row.getByRole('link', { name: 'Убрать фильтр: Производитель: Canon' }).click();
    await expect(row.getByRole('link')).toHaveCount(3);
    await expect(range(page)).not.toHaveText(before!);
    expect(new URL(page.url()).searchParams.getAll('vendor')).toEqual(['HP']);
    await page.getByRole('link', { name: 'Сбросить' }).first().click();
    await expect(row).toBeHidden();
    await expect(range(page)).toHaveText('1–20 из 3109');
    expect(new URL(page.url()).search).toBe('');
  });

  test('the search results narrow by the facets of their matches', { tag: '@responsive' }, async ({ page }, testInfo) => {
    const wide = testInfo.project.use.viewport!.width >= 1043;
    await gotoAtLoad(page, '/search/?q=картридж&available=N');
    const found = page.getByRole('status').filter({ hasText: /^Найден/ });
    await expect(found).toBeVisible();
    const before = await found.textContent();
    const panel = await openPanel(page, wide);
    // 2,320 matches: the larger counts are estimates, "≈N" and named "около N"; chosen, a facet's own values are
    // counted exactly.
    const hp = panel.getByRole('group', { name: 'Производитель' }).getByRole('checkbox', { name: /^HP,/ });
    await expect(hp).toHaveAccessibleName(/^HP, около \d+$/);
    await expect(hp).toContainText(/≈\d+$/);
    await hp.click();
    await expect(hp).toHaveAttribute('aria-checked', 'true');
    // The slide panel is modal: the page behind it is read once it closes.
    if (!wide) await panel.getByRole('button', { name: /^Показать \(/ }).click();
    await expect(found).not.toHaveText(before!);
    expect(new URL(page.url()).searchParams.get('vendor')).toBe('HP');
    expect(new URL(page.url()).searchParams.get('q')).toBe('картридж');
    await expect(page.getByRole('link', { name: 'Убрать фильтр: Производитель: HP' })).toBeVisible();
    if (wide) await expect(hp).toHaveAccessibleName(/^HP, \d+$/);
    const names = await page.getByRole('list', { name: 'Найденные товары' }).getByRole('link').allTextContents();
    expect(names.length).toBeGreaterThan(0);
  });

  test('a filter the catalogue does not have is refused and can be removed', async ({ page }) => {
    await gotoAtLoad(page, '/catalog/?p.Вес=1');
    await expect(page.getByText('Такого фильтра в каталоге больше нет.')).toBeVisible();
    await page.getByRole('link', { name: 'Убрать фильтр: Вес: 1' }).click();
    await expect(range(page)).toHaveText('1–20 из 3109');
  });
});

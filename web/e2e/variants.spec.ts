import { expect, gotoAtLoad, test as base, type Page } from './helpers/test';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { startOwnShop } from './helpers/own-shop';

/**
 * Variants (issue 35): the offers of one YML `group_id` are one product. A shop of its own per worker, on a feed this
 * spec writes: a T-shirt in two colours and two sizes (red L and blue M out of stock), and a cap of its own.
 */
const offer = (id: string, group: string | null, available: boolean, price: number, name: string, params: string) =>
  `<offer id="${id}"${group ? ` group_id="${group}"` : ''} available="${available}"><price>${price}</price>` +
  `<currencyId>RUB</currencyId><categoryId>1</categoryId><name>${name}</name><vendor>Vitrina</vendor>${params}</offer>`;
const tee = (colour: string, size: string) =>
  `<param name="Цвет">${colour}</param><param name="Размер">${size}</param><param name="Материал">Хлопок</param>`;
const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<yml_catalog date="2026-11-27 10:00"><shop><name>Футболки</name><company>ООО</company><url>https://shop.test</url>
<currencies><currency id="RUB" rate="1"/></currencies><categories><category id="1">Одежда</category></categories><offers>
${offer('tee-r-m', 'tee', true, 1000, 'Футболка Vitrina красная, M', tee('Красный', 'M'))}
${offer('cap', null, true, 700, 'Кепка Vitrina', '<param name="Цвет">Синий</param>')}
${offer('tee-r-l', 'tee', false, 1100, 'Футболка Vitrina красная, L', tee('Красный', 'L'))}
${offer('tee-b-m', 'tee', false, 1200, 'Футболка Vitrina синяя, M', tee('Синий', 'M'))}
${offer('tee-b-l', 'tee', true, 1500, 'Футболка Vitrina синяя, L', tee('Синий', 'L'))}
</offers></shop></yml_catalog>`;
/** The variant shops' ports follow the cartridge shops' (facets.spec.ts). */
const PORT_OFFSET = 50;

const test = base.extend<{}, { teeShop: string }>({
  teeShop: [
    async ({}, use, workerInfo) => {
      const shop = await startOwnShop({ text: FEED }, PORT_OFFSET + workerInfo.parallelIndex);
      await use(shop.origin);
      shop.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ teeShop }, use) => use(teeShop),
});

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const chooser = (page: Page, name: RegExp) => page.getByTestId('variant-chooser').getByRole('group', { name });

test.describe('variants', () => {
  test('one card per product; the chooser leads from variant to variant, and the chosen one goes into the basket', { tag: '@responsive' }, async ({ page }) => {
    await gotoAtLoad(page, '/catalog/');
    const cards = page.getByTestId('product-card');
    await expect(cards).toHaveCount(2);
    const card = cards.filter({ hasText: 'Футболка' });
    expect(plain(await card.getByTestId('price').textContent())).toBe('Цена: 1 000 ₽ – 1 500 ₽');
    await expect(card.getByText('4 варианта')).toBeVisible();
    await card.getByRole('link', { name: 'Выбрать: Футболка Vitrina красная, M' }).click();

    await expect(heading(page)).toHaveText('Футболка Vitrina красная, M');
    await expect(chooser(page, /^Цвет: Красный$/).getByRole('link', { name: 'Красный' })).toHaveAttribute('aria-current', 'true');
    // Blue in M is out of stock: crossed out and named so, still a choice.
    const blue = chooser(page, /^Цвет/).getByRole('link', { name: 'Синий, нет в наличии' });
    await expect(blue.locator('s')).toHaveText('Синий');
    await blue.click();
    await expect(page).toHaveURL(/\/futbolka-vitrina-siniaia-m\/$/);
    await expect(heading(page)).toHaveText('Футболка Vitrina синяя, M');
    await expect(page.locator('article[data-offer-id="tee-b-m"] p[data-available="false"]')).toHaveText('Нет в наличии');
    await expect(page.getByTestId('add-to-basket')).toBeDisabled();
    // The press kept the shopper's place: focus on the value pressed, not on the heading.
    await expect(chooser(page, /^Цвет: Синий$/).getByRole('link', { name: 'Синий, нет в наличии' })).toBeFocused();

    await chooser(page, /^Размер/).getByRole('link', { name: 'L', exact: true }).click();
    await expect(page).toHaveURL(/\/futbolka-vitrina-siniaia-l\/$/);
    await expect(heading(page)).toHaveText('Футболка Vitrina синяя, L');
    expect(plain(await page.getByTestId('price').first().textContent())).toBe('Цена: 1 500 ₽');
    await page.getByTestId('add-to-basket').click();
    await expect(page.getByTestId('mini-cart-count')).toHaveText('1');
    // The scan reads colours: "Вы смотрели" fades in with the variants just seen first.
    await expect(page.locator('[data-fading]')).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoSeriousA11yViolations(page);
    // The basket holds the variant chosen.
    await page.goto('/personal/cart/');
    await expect(page.getByRole('link', { name: 'Футболка Vitrina синяя, L' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Футболка Vitrina (красная|синяя), M/ })).toHaveCount(0);
  });

  test('without JavaScript the chooser is links to each variant', { tag: '@responsive' }, async ({ browser, baseURL }, testInfo) => {
    const context = await browser.newContext({ ...testInfo.project.use, baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/catalog/odezhda/futbolka-vitrina-krasnaia-m/');
    await chooser(page, /^Размер/).getByRole('link', { name: 'L, нет в наличии' }).click();
    await expect(page).toHaveURL(/\/futbolka-vitrina-krasnaia-l\/$/);
    await expect(heading(page)).toHaveText('Футболка Vitrina красная, L');
    await expect(chooser(page, /^Размер: L$/)).toBeVisible();
    await context.close();
  });
});

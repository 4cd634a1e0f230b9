import fs from 'node:fs';
import path from 'node:path';
import { expect, gotoAtLoad, test as base, type Page } from './helpers/test';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { startOwnShop } from './helpers/own-shop';
import { openSearch, searchDialog, waitForResults } from './helpers/search';

/**
 * 1C's exchange (issue 38): a shop of its own per worker receives 1C's real CommerceML 2.07 files
 * (`../shared/data/commerceml/`) over HTTP, as 1C sends them (checkauth, init, the files in `file_limit` chunks,
 * import until success); then a shopper browses the catalogue, filters it by a characteristic and finds a good by
 * search.
 */
const DATA = path.resolve(import.meta.dirname, '../../../shared/data/commerceml');
/** The 1C shops' ports follow the variant shops' (variants.spec.ts). */
const PORT_OFFSET = 60;
const USER = '1c-exchange';
const PASSWORD = 'обмен-пароль';
/** What the shop sold before 1C's first exchange: a full exchange takes it off. */
const PLACEHOLDER = `<?xml version="1.0" encoding="UTF-8"?>
<yml_catalog date="2026-11-28 10:00"><shop><name>Обувь</name><company>ООО</company><url>https://shop.test</url>
<currencies><currency id="RUB" rate="1"/></currencies><categories><category id="1">Прочее</category></categories><offers>
<offer id="placeholder" available="true"><price>100</price><currencyId>RUB</currencyId><categoryId>1</categoryId><name>Заглушка до обмена</name></offer>
</offers></shop></yml_catalog>`;

/** The import the shop's listings show (`indexedImport` of `/api/health/ready`). */
async function indexedImport(origin: string): Promise<number> {
  const ready = (await (await fetch(`${origin}/api/health/ready`)).json()) as { indexedImport?: number };
  return ready.indexedImport ?? -1;
}

/** 1C's catalogue session over HTTP, as 1C plays it; resolves once the listings show what it imported. */
async function exchange(origin: string): Promise<void> {
  const before = await indexedImport(origin);
  const call = async (query: string, init: RequestInit = {}) => {
    const response = await fetch(`${origin}/1c/exchange?${query}`, init);
    return (await response.text()).split('\n');
  };
  const authorization = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
  const [ok, name, value] = await call('type=catalog&mode=checkauth', { headers: { authorization } });
  expect(ok).toBe('success');
  const headers = { cookie: `${name}=${value}` };
  const init = await call('type=catalog&mode=init', { headers });
  const limit = Number(init.find((line) => line.startsWith('file_limit='))!.split('=')[1]);
  for (const file of ['import.xml', 'offers.xml']) {
    const bytes = fs.readFileSync(path.join(DATA, file));
    for (let at = 0; at < bytes.length; at += limit) {
      const body = bytes.subarray(at, at + limit);
      expect((await call(`type=catalog&mode=file&filename=${file}`, { method: 'POST', headers, body }))[0]).toBe('success');
    }
  }
  for (const file of ['import.xml', 'offers.xml']) {
    // `progress` while the import runs: 1C calls again.
    await expect.poll(async () => (await call(`type=catalog&mode=import&filename=${file}`, { headers }))[0], { timeout: 30_000 }).toBe('success');
  }
  await expect.poll(() => indexedImport(origin), { timeout: 30_000 }).toBeGreaterThan(before);
}

const test = base.extend<{}, { oneCShop: string }>({
  oneCShop: [
    async ({}, use, workerInfo) => {
      const shop = await startOwnShop({ text: PLACEHOLDER }, PORT_OFFSET + workerInfo.parallelIndex, {
        VITRINA_1C_USER: USER,
        VITRINA_1C_PASSWORD: PASSWORD,
        // A good's size shows as a facet though one of the two products carries it.
        VITRINA_FACET_MIN_SHARE: '0',
      });
      if (fs.existsSync(DATA)) await exchange(shop.origin);
      await use(shop.origin);
      shop.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ oneCShop }, use) => use(oneCShop),
});

test.beforeAll(() => {
  if (!fs.existsSync(DATA)) {
    if (process.env.CI) throw new Error(`${DATA} is missing: the 1C tests need ../shared beside the checkout`);
    test.skip(true, `${DATA} is absent: the 1C tests need ../shared`);
  }
});

/** The facet panel in use at this width: the column from 1043 px, else the slide panel opened by "Фильтры". */
async function openPanel(page: Page, wide: boolean) {
  if (wide) return page.getByRole('complementary', { name: 'Фильтры' });
  await page.getByRole('button', { name: /^Фильтры/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Фильтры' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the catalogue 1C sent is browsed, filtered by a characteristic and searched', { tag: '@responsive' }, async ({ page, isMobile }, testInfo) => {
  const wide = testInfo.project.use.viewport!.width >= 1043;
  await gotoAtLoad(page, '/catalog/');
  const cards = page.getByTestId('product-card');
  // Two goods of 1C, their five characteristics offers shown as two products; the shop's earlier offer is gone.
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: 'Женские ботфорты коричневые' })).toHaveCount(1);
  await expect(cards.filter({ hasText: 'Ботинки женские демисезонные' })).toHaveCount(1);
  await expect(page.getByText('Заглушка до обмена')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // 1C's characteristic "Размер" is a facet: size 40 leaves the boots.
  const panel = await openPanel(page, wide);
  const size = panel.getByRole('group', { name: 'Размер' }).getByRole('checkbox', { name: /^40,/ });
  await size.click();
  await expect(size).toHaveAttribute('aria-checked', 'true');
  if (!wide) {
    await panel.getByRole('button', { name: /^Показать/ }).click();
    await expect(panel).toBeHidden();
  }
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Женские ботфорты коричневые');
  await expect(page).toHaveURL(/p\.%D0%A0%D0%B0%D0%B7%D0%BC%D0%B5%D1%80=40|p\.Размер=40/);

  // Search finds the other good; its page shows 1C's price, SKU and properties.
  const input = await openSearch(page, isMobile);
  await input.pressSequentially('ботинки');
  await waitForResults(page);
  const result = searchDialog(page).getByRole('option', { name: /^Ботинки женские демисезонные/ });
  await expect(result).toBeVisible();
  await result.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ботинки женские демисезонные');
  await expect(page.getByText('Б- 130005', { exact: false }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`1c-product-${testInfo.project.name}.png`), fullPage: true });
});

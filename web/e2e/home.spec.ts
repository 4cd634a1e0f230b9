import { expect, test } from './helpers/test';
import { getJson, waitForContent, type ApiOffer } from './helpers/api';

test.describe('home page tabs (spec §2 "Main tabs switch content by a data value")', () => {
  test('only the first tab starts active; tabs switch the content by their value', async ({ page, request }) => {
    const hits = await getJson<{ items: ApiOffer[] }>(request, '/api/collections/hits?limit=10');
    const sale = await getJson<{ items: ApiOffer[] }>(request, '/api/collections/sale?limit=10');

    await page.goto('/');
    await waitForContent(page);

    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(3);
    await expect(tabs.nth(0)).toHaveAttribute('data-tab', 'new');
    await expect(page.locator('[role="tab"][aria-selected="true"]')).toHaveCount(1);
    await expect(page.getByRole('tab', { selected: true })).toHaveAttribute('data-tab', 'new');
    await expect(page.getByRole('tabpanel')).toHaveAttribute('data-tab', 'new');

    await page.getByRole('tab', { name: 'Хиты' }).click();
    await expect(page.getByRole('tab', { selected: true })).toHaveAttribute('data-tab', 'hits');
    const panel = page.getByRole('tabpanel');
    await expect(panel).toHaveAttribute('data-tab', 'hits');
    if (hits.items.length > 0) {
      await expect(panel.getByTestId('product-card').first().getByRole('link')).toHaveText(hits.items[0]!.name);
      await expect(panel.getByTestId('product-card')).toHaveCount(hits.items.length);
    }

    await page.getByRole('tab', { name: 'Скидки' }).click();
    await expect(page.getByRole('tabpanel')).toHaveAttribute('data-tab', 'sale');
    if (sale.items.length > 0) {
      const cards = page.getByRole('tabpanel').getByTestId('product-card');
      await expect(cards).toHaveCount(sale.items.length);
      // Every sale offer has an old price and a discount badge.
      await expect(page.getByRole('tabpanel').getByTestId('discount')).toHaveCount(sale.items.length);
    }
  });

  test('top-level sections are shown with their offer counts', async ({ page, request }) => {
    const { sections } = await getJson<{ sections: { name: string; parentId: string | null; url: string }[] }>(
      request,
      '/api/sections',
    );
    const top = sections.filter((section) => section.parentId === null);
    await page.goto('/');
    await waitForContent(page);
    const region = page.getByRole('region', { name: 'Разделы каталога' });
    await expect(region.getByRole('link')).toHaveCount(top.length);
    await expect(region.getByRole('link').first()).toHaveAttribute('href', top[0]!.url);
    await expect(region.getByRole('link').first()).toContainText(/\d+ товар/);
  });
});

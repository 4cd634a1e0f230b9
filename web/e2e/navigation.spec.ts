import { expect, test } from './helpers/test';
import { biggestTopSection, waitForContent } from './helpers/api';

test.describe('navigation', () => {
  test('home → section → product and back through the breadcrumbs', async ({ page, request }) => {
    const section = await biggestTopSection(request);

    await page.goto('/');
    await waitForContent(page);
    const sections = page.getByRole('region', { name: 'Разделы каталога' });
    await sections.getByRole('link', { name: new RegExp(`^${escapeRegExp(section.name)}\\s*\\d`) }).click();

    await expect(page).toHaveURL(section.url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(section.name);
    await expect(page).toHaveTitle(new RegExp(escapeRegExp(section.name)));

    const firstCard = page.getByTestId('product-card').first();
    const productLink = firstCard.getByRole('link');
    const productName = (await productLink.textContent())!.trim();
    const productUrl = (await productLink.getAttribute('href'))!;
    await productLink.click();

    await expect(page).toHaveURL(productUrl);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(productName);
    await expect(page).toHaveTitle(new RegExp(escapeRegExp(productName)));

    const crumbs = page.getByRole('navigation', { name: 'Навигационная цепочка' });
    await expect(crumbs.getByRole('link', { name: 'Главная' })).toHaveAttribute('href', '/');
    await crumbs.getByRole('link', { name: 'Каталог' }).click();
    await expect(page).toHaveURL('/catalog/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Каталог');
  });

  test('the catalogue page lists every section and every offer', async ({ page, request }) => {
    const shop = (await (await request.get('/api/shop')).json()) as { offerCount: number };
    await page.goto('/catalog/');
    await waitForContent(page);
    await expect(page.getByTestId('listing-range')).toContainText(`из ${shop.offerCount}`);
    await expect(page.getByTestId('product-card').first()).toBeVisible();
  });

  // Both widths: the catalogue link is the horizontal menu's wide and a quick link narrow.
  test('the header logo leads home and the catalogue link to /catalog/', { tag: '@responsive' }, async ({ page }) => {
    await page.goto('/catalog/');
    await waitForContent(page);
    await page.getByRole('banner').getByRole('link', { name: /на главную/ }).click();
    await expect(page).toHaveURL('/');
    await page.getByRole('banner').getByRole('link', { name: 'Каталог' }).click();
    await expect(page).toHaveURL('/catalog/');
  });

  test('the skip link moves to the main content', async ({ page, isMobile }) => {
    test.skip(isMobile, 'keyboard navigation');
    await page.goto('/');
    await waitForContent(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Перейти к содержимому' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });

  for (const path of ['/no-such-page/', '/catalog/no-such-section/', '/catalog/no-such-section/no-such-offer/']) {
    test(`an unknown path shows the 404 page: ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Страница не найдена');
      await expect(page).toHaveTitle(/Страница не найдена/);
      await expect(page.getByTestId('not-found').getByRole('link', { name: 'На главную', exact: true })).toHaveAttribute('href', '/');
    });
  }

  test('the language switch translates the interface and remembers the choice', async ({ page }) => {
    await page.goto('/');
    await waitForContent(page);
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Catalogue', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.reload();
    await expect(page.getByRole('tab', { name: 'New' })).toBeVisible();
    await footer.getByRole('button', { name: 'Русский' }).click();
    await expect(page.getByRole('tab', { name: 'Новинки' })).toBeVisible();
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

import { expect, test } from './helpers/test';
import { biggestTopSection, firstOfferOf, getJson, waitForContent, type ApiOffer } from './helpers/api';

test.describe('product page', () => {
  test('shows price, availability and breadcrumbs of the offer', async ({ page, request }) => {
    const section = await biggestTopSection(request);
    const offer = await firstOfferOf(request, section.id);
    await page.goto(offer.url);
    await waitForContent(page);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(offer.name);
    await expect(page.getByTestId('price').first()).toBeVisible();
    await expect(page.getByText(offer.available ? 'В наличии' : 'Нет в наличии', { exact: true })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Навигационная цепочка' });
    await expect(crumbs.getByRole('link', { name: section.name })).toHaveAttribute('href', section.url);
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(offer.name);
  });

  test('the share button toggles the share block and copies the link', async ({ page, context, request, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const section = await biggestTopSection(request);
    const offer = await firstOfferOf(request, section.id);
    await page.goto(offer.url);
    await waitForContent(page);

    const toggle = page.getByRole('button', { name: 'Поделиться' });
    const copy = page.getByRole('button', { name: 'Скопировать ссылку' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(copy).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('textbox', { name: 'Ссылка на страницу' })).toHaveValue(`${baseURL}${offer.url}`);
    await copy.click();
    await expect(page.getByRole('status').filter({ hasText: 'Ссылка скопирована' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${offer.url}`);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(copy).toBeHidden();
  });

  test('gallery thumbnails switch the main picture', async ({ page, request }) => {
    const all = await getJson<{ items: ApiOffer[] }>(request, '/api/offers?perPage=100');
    const offer = all.items.find((item) => item.pictures.length > 1);
    test.skip(!offer, 'no offer with several pictures');
    await page.goto(offer!.url);
    await waitForContent(page);

    const thumbs = page.getByRole('button', { name: /^Показать фото/ });
    await expect(thumbs).toHaveCount(offer!.pictures.length);
    await expect(thumbs.first()).toHaveAttribute('aria-pressed', 'true');
    await thumbs.nth(1).click();
    await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('img', { name: new RegExp(`фото 2 из ${offer!.pictures.length}`) })).toBeVisible();
  });

  test('an offer without a section lives under /catalog/products/', async ({ page, request }) => {
    const all = await getJson<{ items: ApiOffer[] }>(request, '/api/offers?perPage=100');
    const orphan = all.items.find((item) => item.sectionId === null);
    // The demo catalogue has one (a gift certificate), as real feeds do (vtt-params has no sections at all).
    expect(orphan, 'an offer without a section in the demo catalogue').toBeDefined();
    expect(orphan!.url).toMatch(/^\/catalog\/products\//);
    await page.goto(orphan!.url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(orphan!.name);
  });
});

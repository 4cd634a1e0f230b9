import { expect, test, type Page } from './helpers/test';
import { biggestTopSection, firstOfferOf, getJson, waitForContent } from './helpers/api';
import { settle } from './helpers/timing';

async function cardColumns(page: Page): Promise<number> {
  const xs = await page.getByTestId('product-card').evaluateAll((cards) =>
    cards.map((card) => Math.round(card.getBoundingClientRect().left)),
  );
  return new Set(xs).size;
}

test.describe('section page listing', () => {
  test('sort and the available filter go to the URL and survive a reload', async ({ page, request }) => {
    const section = await biggestTopSection(request);
    const cheapest = await firstOfferOf(request, section.id, '&sort=price');
    const cheapestInStock = await firstOfferOf(request, section.id, '&sort=price&available=Y');

    await page.goto(section.url);
    await waitForContent(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(section.name);

    await page.getByRole('combobox', { name: 'Сортировка' }).selectOption('price');
    await expect(page).toHaveURL(`${section.url}?sort=price`);
    await expect(page.getByTestId('product-card').first().getByRole('link')).toHaveText(cheapest.name);

    await page.getByRole('checkbox', { name: 'Только в наличии' }).check();
    await expect(page).toHaveURL(`${section.url}?sort=price&available=Y`);
    await expect(page.getByTestId('product-card').first().getByRole('link')).toHaveText(cheapestInStock.name);
    await expect(page.getByTestId('product-card').getByText('Нет в наличии')).toHaveCount(0);

    await page.reload();
    await waitForContent(page);
    await expect(page.getByRole('combobox', { name: 'Сортировка' })).toHaveValue('price');
    await expect(page.getByRole('checkbox', { name: 'Только в наличии' })).toBeChecked();
    await expect(page.getByTestId('product-card').first().getByRole('link')).toHaveText(cheapestInStock.name);

    await page.goBack();
    await expect(page).toHaveURL(`${section.url}?sort=price`);
    await expect(page.getByRole('checkbox', { name: 'Только в наличии' })).not.toBeChecked();
  });

  test('arrow keys on the sort select move without re-sorting; Enter or leaving it applies the choice', async ({ page }) => {
    // Issue 19 (WCAG 3.2.2): the choice takes effect when made, not on every arrow press.
    await page.goto('/catalog/');
    await waitForContent(page);
    const sort = page.getByRole('combobox', { name: 'Сортировка' });
    await sort.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(sort).toHaveValue('-price');
    // The select has had its change events; whatever they would do to the address has been done.
    await settle(page);
    await expect(page).toHaveURL('/catalog/');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/catalog/?sort=-price');
    await expect(sort).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL('/catalog/?sort=-price');
    await page.keyboard.press('Tab');
    await expect(page).toHaveURL('/catalog/?sort=name');
  });

  test('paging keeps sort in the URL and a new sort returns to page 1', async ({ page, request }) => {
    const all = await getJson<{ pages: number }>(request, '/api/offers?perPage=20');
    test.skip(all.pages < 2, 'the catalogue fits on one page');

    await page.goto('/catalog/?sort=name');
    await waitForContent(page);
    await page.getByRole('navigation', { name: 'Страницы' }).getByRole('link', { name: 'Страница 2' }).click();
    await expect(page).toHaveURL('/catalog/?sort=name&page=2');
    await expect(page.getByRole('link', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('listing-range')).toHaveText(/^21–/);

    await page.getByRole('combobox', { name: 'Сортировка' }).selectOption('-price');
    await expect(page).toHaveURL('/catalog/?sort=-price');
    await expect(page.getByTestId('listing-range')).toHaveText(/^1–/);
  });

  // Both widths: the grid's columns differ by width.
  test('the card grid has 4–5 columns wide and 2 narrow, without horizontal scrolling', { tag: '@responsive' }, async ({ page, isMobile }) => {
    await page.goto('/catalog/');
    await waitForContent(page);
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    const columns = await cardColumns(page);
    if (isMobile) expect(columns).toBe(2);
    else expect(columns).toBeGreaterThanOrEqual(4);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('at 375 px a section\'s subsections are one sideways row beside "Фильтры", and its first offers are on the first screen', { tag: '@narrow' }, async ({ page }) => {
    await page.goto('/catalog/konstruktory/');
    const row = page.getByRole('navigation', { name: 'Подразделы', exact: true });
    const filters = page.getByRole('button', { name: 'Фильтры' });
    await expect(row.getByRole('link')).toHaveCount(3);
    const [rowBox, buttonBox] = [await row.boundingBox(), await filters.boundingBox()];
    expect(Math.abs(rowBox!.y + rowBox!.height / 2 - (buttonBox!.y + buttonBox!.height / 2))).toBeLessThan(8);
    // No wider than the screen (a phone would zoom the page out), and the first card starts on the first screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    const card = await page.getByTestId('product-card').first().boundingBox();
    expect(card!.y).toBeLessThan(740);
    // A vertical swipe or wheel over the page scrolls it.
    await page.mouse.move(200, 400);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(590);
  });
});

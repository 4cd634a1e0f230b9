import { expect, test, type Page } from './helpers/test';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { waitForContent } from './helpers/api';
import { cardAt, openQuickView, scrollY } from './helpers/quick-view';
import { screenshotPath } from './helpers/screens';
import { animationsDone } from './helpers/timing';

/**
 * The product quick view (issue 3 "Product popup panel"; spec §2 "The back-button closes an open
 * product popup; otherwise the page reloads to the new address"), at 1280 and 375 px.
 */

/** Sets a marker on `window`; it survives only as long as the page is not reloaded. */
async function setMarker(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __marker: string }).__marker = 'alive';
  });
}

async function markerAlive(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __marker?: string }).__marker === 'alive');
}

test.describe('product quick view', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/catalog/');
    await waitForContent(page);
  });

  // Both widths: hover with a mouse, always shown on touch screens.
  test('the card button shows on hover or focus with a mouse, always on touch screens', { tag: '@responsive' }, async ({ page, isMobile }) => {
    const { card, button } = await cardAt(page, 0);
    await page.mouse.move(0, 0);
    const opacity = () => button.evaluate((element) => Number(getComputedStyle(element).opacity));
    if (isMobile) {
      await expect.poll(opacity).toBe(1);
      await button.scrollIntoViewIfNeeded();
      await expect(button).toBeInViewport();
    } else {
      await expect.poll(opacity).toBe(0);
      await card.hover();
      await expect.poll(opacity).toBe(1);
      await page.mouse.move(0, 0);
      await expect.poll(opacity).toBe(0);
      await button.focus();
      await expect.poll(opacity).toBe(1);
    }
  });

  // Both widths: the pop-up is laid out per width (screenshot).
  test('opens the product in a pop-up with the product address; the close button restores the address and focus', { tag: '@responsive' }, async ({
    page,
  }, testInfo) => {
    const { offer, button, dialog } = await openQuickView(page);

    await expect(page).toHaveURL(offer.url);
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog.getByRole('heading', { level: 2, name: offer.name })).toBeVisible();
    await expect(dialog.getByRole('img', { name: offer.name })).toBeVisible();
    await expect(dialog.getByTestId('price')).toBeVisible();
    await expect(dialog.getByText(offer.available ? 'В наличии' : 'Нет в наличии', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Подробнее о товаре' })).toHaveAttribute('href', offer.url);
    await page.screenshot({ path: screenshotPath(`quick-view-${testInfo.project.name}.png`), animations: 'disabled' });

    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL('/catalog/');
    await expect(button).toBeFocused();
  });

  test('Escape closes it and restores the address', async ({ page }) => {
    const { dialog, button } = await openQuickView(page, 1);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL('/catalog/');
    await expect(button).toBeFocused();
  });

  test('focus returns to the card button also when the click did not focus it (as in Safari and iOS)', async ({ page }) => {
    const { button } = await cardAt(page, 1);
    // Safari does not focus a clicked button; emulate it by cancelling the focus of the press.
    await button.evaluate((element) => element.addEventListener('mousedown', (event) => event.preventDefault()));
    await button.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('quick-view')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(button).toBeFocused();
  });

  // Both widths: a click wide, a tap narrow.
  test('a press on the backdrop closes it and restores the address', { tag: '@responsive' }, async ({ page, isMobile }) => {
    const { dialog } = await openQuickView(page, 2);
    const backdrop = page.getByTestId('overlay-backdrop');
    if (isMobile) await backdrop.tap({ position: { x: 4, y: 4 } });
    else await backdrop.click({ position: { x: 4, y: 4 } });
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL('/catalog/');
  });

  test('keeps the query string of the page it was opened from', async ({ page }) => {
    await page.goto('/catalog/?sort=name');
    await waitForContent(page);
    const { dialog, offer } = await openQuickView(page);
    await expect(page).toHaveURL(offer.url);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL('/catalog/?sort=name');
  });

  test('Back closes the pop-up without a reload or a scroll jump; Back again navigates normally', async ({ page }) => {
    // Arrive at the catalogue from the home page, so there is a page to go back to.
    await page.goto('/');
    await waitForContent(page);
    await page.getByRole('banner').getByRole('link', { name: 'Каталог' }).click();
    await expect(page).toHaveURL('/catalog/');
    await waitForContent(page);
    await setMarker(page);

    // A card further down the page, so the background page is scrolled.
    const { dialog, offer } = await openQuickView(page, 9);
    const scrolledTo = await scrollY(page);
    expect(scrolledTo).toBeGreaterThan(0);
    await expect(page).toHaveURL(offer.url);

    await page.goBack();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL('/catalog/');
    expect(await markerAlive(page)).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Каталог');
    expect(await scrollY(page)).toBe(scrolledTo);

    await page.goBack();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('tablist')).toBeVisible();
    expect(await markerAlive(page)).toBe(true);
  });

  test('"Подробнее о товаре" opens the product page; Back returns to the listing', async ({ page }) => {
    const { dialog, offer } = await openQuickView(page);
    await dialog.getByRole('link', { name: 'Подробнее о товаре' }).click();
    await expect(page).toHaveURL(offer.url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(offer.name);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL('/catalog/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Каталог');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('an answer without the product shows the SLIDE_PANEL_UNDEFINED_ERROR alert', async ({ page }, testInfo) => {
    await page.route('**/api/offers/*', (route) => route.fulfill({ json: {} }));
    const { dialog } = await openQuickView(page, 0, { waitForContent: false });
    await expect(dialog.getByRole('alert')).toHaveText('Возникла неопределенная ошибка');
    await expect(dialog.getByTestId('quick-view')).toHaveCount(0);
    await page.screenshot({ path: screenshotPath(`quick-view-error-${testInfo.project.name}.png`), animations: 'disabled' });
  });

  test('a server error shows the same alert after the retries, not an endless spinner', async ({ page }) => {
    await page.route('**/api/offers/*', (route) =>
      route.fulfill({ status: 500, json: { errors: [{ code: 'INTERNAL', field: null, detail: 'boom' }] } }),
    );
    const { dialog } = await openQuickView(page, 0, { waitForContent: false });
    await expect(dialog.getByRole('status')).toHaveText('Загрузка…');
    await expect(dialog.getByRole('alert')).toHaveText('Возникла неопределенная ошибка');
    await expect(dialog.getByRole('status')).toHaveCount(0);
  });

  // Both widths: the pop-up is laid out per width.
  test('no serious accessibility violations with the pop-up open', { tag: '@responsive' }, async ({ page }) => {
    const { dialog } = await openQuickView(page);
    await expect(dialog).toHaveAttribute('data-state', 'open');
    // Let the opening animation finish before axe measures contrast.
    await animationsDone(page);
    await expectNoSeriousA11yViolations(page);
  });
});

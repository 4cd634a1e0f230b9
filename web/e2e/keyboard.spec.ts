import { expect, test, type Locator, type Page } from './helpers/test';
import { waitForContent } from './helpers/api';
import { expectNoSeriousA11yViolations } from './helpers/axe';

/**
 * Shopping with the keyboard alone (issue 19, WCAG 2.2 AA), at 1280 and 375 px: from the home page to a placed
 * order with Tab, Enter, Space, arrows and Escape only, no click. Every stop on the way must show a focus ring;
 * after each page change focus is on the new page's heading and its title is announced; the checkout's errors name
 * their fields with focus on the first; the confirmation's heading has the focus.
 */

/** Whether the focused element draws a focus indicator (an outline or a ring of box-shadow). */
async function focusIsVisible(page: Page): Promise<{ visible: boolean; what: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { visible: true, what: 'body' };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none';
    const what = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    return { visible: outline || ring, what };
  });
}

/** Presses Tab until `target` has the focus (at most `max` times), checking each stop's focus ring on the way. */
async function tabTo(page: Page, target: Locator, max = 120): Promise<number> {
  const handle = await target.elementHandle();
  expect(handle, 'the Tab target exists').not.toBeNull();
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press('Tab');
    const stop = await focusIsVisible(page);
    expect(stop.visible, `focus ring on ${stop.what}`).toBe(true);
    if (await handle!.evaluate((el) => el === document.activeElement)) return presses;
  }
  throw new Error(`Tab did not reach the target in ${max} presses`);
}

/** After an in-app page change: focus on the new page's <h1>, its title announced. */
async function expectNewPage(page: Page, heading: RegExp | string) {
  const h1 = page.getByRole('main').getByRole('heading', { level: 1 });
  await expect(h1).toHaveText(heading);
  await expect(h1).toBeFocused();
  await expect(page.getByTestId('page-announcement')).toHaveText(await page.title());
}

// Both widths: the way through the head differs (mega menu or slide menu), and the checkout's axe scans.
test('from the home page to a placed order with the keyboard alone', { tag: '@responsive' }, async ({ page, isMobile }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await waitForContent(page);

  // Focus alone opens nothing in the head (WCAG 3.2.1): Tab passes the search field on the way to the catalogue.
  const head = page.getByTestId('top-panel-head');
  if (isMobile) {
    await tabTo(page, head.getByRole('button', { name: 'Каталог' }));
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Каталог' });
    await expect(menu).toBeVisible();
    const section = menu.getByRole('link').filter({ hasNotText: 'Весь каталог' }).first();
    const name = (await section.textContent())!.trim();
    await tabTo(page, section, 20);
    await page.keyboard.press('Enter');
    await expectNewPage(page, name);
  } else {
    const catalogue = head.getByRole('button', { name: 'Каталог' });
    const presses = await tabTo(page, catalogue);
    expect(presses, 'the head is crossed without an Escape').toBeLessThan(10);
    await expect(page.getByRole('dialog', { name: 'Поиск' })).toHaveCount(0);
    // The menu's arrows: into the menu, to the second top-level section, down into its first sub-section and back.
    await page.keyboard.press('ArrowDown');
    const menu = page.getByTestId('catalog-mega-menu');
    await expect(menu.getByRole('link', { name: /Весь каталог/ })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    const titles = menu.locator('[data-menu-column] > a');
    await expect(titles.nth(0)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(titles.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('End');
    await expect(titles.last()).toBeFocused();
    await page.keyboard.press('Home');
    await expect(titles.nth(0)).toBeFocused();
    const name = (await titles.nth(0).textContent())!.trim();
    await page.keyboard.press('Enter');
    await expectNewPage(page, name);
  }

  // Only offers in stock; the listing's choice with Space.
  const main = page.getByRole('main');
  await tabTo(page, main.getByRole('checkbox', { name: 'Только в наличии' }));
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/available=Y/);
  await waitForContent(page);
  const card = main.getByTestId('product-card').first().getByRole('link').first();
  await tabTo(page, card, 40);
  const product = { url: (await card.getAttribute('href'))!, name: (await card.textContent())!.trim() };
  await page.keyboard.press('Enter');
  // The product page, not the listing still on screen while it loads (its cards have "В корзину" buttons too).
  await expect(page).toHaveURL(product.url);
  await expectNewPage(page, product.name);
  await expect(main.getByTestId('add-to-basket')).toBeVisible();

  await tabTo(page, main.getByTestId('add-to-basket'), 40);
  await page.keyboard.press('Enter');
  await expect(main.getByTestId('in-basket')).toBeVisible();

  // The mini cart's slide panel, then the checkout.
  await tabTo(page, page.getByTestId('mini-cart'), 150);
  await page.keyboard.press('Enter');
  const cart = page.getByRole('dialog', { name: 'Корзина' });
  await expect(cart.getByTestId('basket-line')).toHaveCount(1);
  await tabTo(page, cart.getByRole('link', { name: 'Оформить заказ' }), 20);
  await page.keyboard.press('Enter');
  await expectNewPage(page, 'Оформление заказа');

  // An empty submit: each message names its field, focus on the first.
  const submit = main.getByRole('button', { name: 'Подтвердить заказ' });
  await tabTo(page, submit, 40);
  await page.keyboard.press('Enter');
  const name = main.getByRole('textbox', { name: /^Имя/ });
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription('Имя: Заполните поле');
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.type('Иван Петров');
  const phone = main.getByRole('textbox', { name: /^Телефон/ });
  await expect(phone).toHaveAttribute('placeholder', /\d/);
  await tabTo(page, phone, 5);
  await page.keyboard.type('9123456789');
  const city = main.getByRole('textbox', { name: /^Город/ });
  await tabTo(page, city, 10);
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Пермь');
  await tabTo(page, submit, 20);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/ORDER_ID=\d+$/);
  await expectNewPage(page, /^Заказ № \d+ оформлен$/);
  await expectNoSeriousA11yViolations(page);
});

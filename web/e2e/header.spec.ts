import { expect, type Page, renderInBrowser, test } from './helpers/test';
import { DESKTOP_BREAKPOINT_PX, TOP_PANEL_FOOTER_SLIDE_MS } from '../src/config/constants';
import { waitForContent } from './helpers/api';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { mainMenu, topPanel, topPanelFoot } from './helpers/menu';
import { screenshotPath } from './helpers/screens';
import { animationsDone } from './helpers/timing';

/** Scrolls in steps (real scroll events, as a finger or wheel makes), then waits until the foot's slide, if any, is over. */
async function scrollInSteps(page: Page, to: number) {
  await page.evaluate(async (target) => {
    const step = target > window.scrollY ? 120 : -120;
    while (Math.abs(target - window.scrollY) > Math.abs(step)) {
      window.scrollBy(0, step);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    window.scrollTo(0, target);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }, to);
  await animationsDone(topPanelFoot(page));
}

/** The foot's vertical translation in px (from its computed transform matrix) and its visibility. */
async function footState(page: Page) {
  return topPanelFoot(page).evaluate((element) => {
    const style = getComputedStyle(element);
    const matrix = style.transform === 'none' ? new DOMMatrixReadOnly() : new DOMMatrixReadOnly(style.transform);
    return { translateY: matrix.m42, visibility: style.visibility, height: element.getBoundingClientRect().height };
  });
}

// The top panel is laid out per width: most of its tests run at both (`@responsive`), a few at one side only.
test.describe('top panel', () => {
  test('sticks to the top of the window when the page scrolls', { tag: '@responsive' }, async ({ page }, testInfo) => {
    await page.goto('/catalog/');
    await waitForContent(page);
    await scrollInSteps(page, 1500);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const box = await topPanel(page).boundingBox();
    expect(box?.y).toBe(0);
    await expect(topPanel(page).getByRole('link', { name: /на главную/ })).toBeInViewport();
    await page.screenshot({ path: screenshotPath(`${testInfo.project.name}-header-scrolled.png`) });
  });

  test('below 1043 px the foot hides on scroll-down and comes back on scroll-up with the slide', { tag: '@narrow' }, async ({ page, isMobile }, testInfo) => {
    test.skip(!isMobile, 'narrow screens only');
    await page.goto('/catalog/');
    await waitForContent(page);
    const foot = topPanelFoot(page);
    await expect(foot.getByRole('navigation', { name: 'Быстрые ссылки' }).getByRole('link').first()).toBeVisible();
    expect(await footState(page)).toMatchObject({ translateY: 0, visibility: 'visible' });

    await scrollInSteps(page, 1200);
    const hidden = await footState(page);
    expect(hidden.visibility).toBe('hidden');
    expect(hidden.translateY).toBeCloseTo(-hidden.height, 0);
    await expect(foot.getByRole('link').first()).not.toBeVisible();
    // The head stays.
    await expect(topPanel(page).getByRole('button', { name: 'Меню' })).toBeInViewport();
    await page.screenshot({ path: screenshotPath(`${testInfo.project.name}-header-foot-hidden.png`) });

    await scrollInSteps(page, 900);
    expect(await footState(page)).toMatchObject({ translateY: 0, visibility: 'visible' });
    await expect(foot.getByRole('link').first()).toBeVisible();
    await page.screenshot({ path: screenshotPath(`${testInfo.project.name}-header-foot-back.png`) });
  });

  test('the foot slides over TOP_PANEL_FOOTER_SLIDE_MS', { tag: '@narrow' }, async ({ page, isMobile }) => {
    test.skip(!isMobile, 'narrow screens only');
    await page.goto('/catalog/');
    await waitForContent(page);
    const duration = await topPanelFoot(page).evaluate((element) => {
      element.setAttribute('data-hidden', 'true');
      return getComputedStyle(element).transitionDuration;
    });
    expect(duration.split(',').map((part) => part.trim())).toContain(`${TOP_PANEL_FOOTER_SLIDE_MS / 1000}s`);
  });

  test('at 1043 px and wider the foot stays while scrolling down', async ({ page, isMobile }) => {
    test.skip(isMobile, 'wide screens only');
    await page.goto('/catalog/');
    await waitForContent(page);
    await scrollInSteps(page, 1500);
    expect(await footState(page)).toMatchObject({ translateY: 0, visibility: 'visible' });
    await expect(mainMenu(page)).toBeInViewport();
  });

  test('on /personal/ paths the foot is hidden below 1043 px and shown at 1043 px and wider', { tag: '@responsive' }, async ({ page, isMobile }, testInfo) => {
    // The cart page: a /personal/ page open to guests (the account's pages ask a guest to log in first).
    await page.goto('/personal/cart/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const foot = topPanelFoot(page);
    if (isMobile) {
      await expect(foot).toBeHidden();
      await page.screenshot({ path: screenshotPath(`${testInfo.project.name}-header-personal.png`) });
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(foot).toBeVisible();
      await expect(mainMenu(page)).toBeVisible();
      await page.setViewportSize({ width: DESKTOP_BREAKPOINT_PX - 1, height: 800 });
      await expect(foot).toBeHidden();
    } else {
      await expect(foot).toBeVisible();
      await expect(mainMenu(page)).toBeVisible();
      await page.setViewportSize({ width: DESKTOP_BREAKPOINT_PX - 1, height: 800 });
      await expect(foot).toBeHidden();
      await page.setViewportSize({ width: DESKTOP_BREAKPOINT_PX, height: 800 });
      await expect(foot).toBeVisible();
    }
    // Elsewhere the foot shows at every width.
    await page.goto('/catalog/');
    await waitForContent(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(foot).toBeVisible();
  });

  test('the head leaves room for later widgets but shows no dead controls', { tag: '@responsive' }, async ({ page, isMobile }) => {
    await page.goto('/');
    await waitForContent(page);
    const head = page.getByTestId('top-panel-head');
    // The search slot holds the search (issue 4), the callback slot "Заказать звонок" (issue 5; below 1043 px it
    // steps aside for the contacts block, whose panel offers it), the contacts slot the contacts block (issue 8),
    // the wishlist and cart slots their widgets (issue 6), the user slot the account icon (issue 7); the compare
    // widget shows only with a non-empty list.
    await expect(head.locator('[data-area="search"]').locator('input, button')).toHaveCount(1);
    const callback = head.locator('[data-area="callback"]').getByRole('button', { includeHidden: true });
    await expect(callback).toHaveCount(1);
    if (isMobile) await expect(callback).toBeHidden();
    else await expect(callback).toHaveAccessibleName('Заказать звонок');
    await expect(head.locator('[data-area="contacts"]').getByRole('button', { name: /^Контакты/ })).toBeVisible();
    await expect(head.locator('[data-area="wishlist"]').getByRole('link', { name: 'Избранное: 0 товаров' })).toHaveCount(1);
    await expect(head.locator('[data-area="cart"]').getByTestId('mini-cart')).toHaveAccessibleName('Корзина пуста: 0 товаров');
    await expect(head.locator('[data-area="user"]').getByRole('button', { name: 'Личный кабинет: войти' })).toHaveCount(1);
    await expect(head.locator('[data-area="compare"]')).toBeEmpty();
    const controls = head.locator('a, button');
    const names = await controls.evaluateAll((elements) =>
      elements.filter((element) => element.getBoundingClientRect().width > 0).map((element) => element.getAttribute('aria-label') ?? element.textContent?.trim()),
    );
    const logo = expect.stringMatching(/на главную$/);
    // The contacts block holds "Контакты", the main phone and today's status; below 1043 px only its name is heard.
    const contacts = expect.stringMatching(/^Контакты\+7 495 000-00-00(Открыто до \d\d:\d\d|Закрыто)$/);
    await expect(head.getByTestId('contacts-widget')).toHaveAccessibleName(isMobile ? 'Контакты' : /^Контакты ?\+7 495 000-00-00 ?(Открыто до \d\d:\d\d|Закрыто)$/);
    expect(names).toEqual(
      isMobile
        ? ['Меню', logo, 'Открыть поиск', 'Каталог', contacts, 'Личный кабинет: войти', 'Избранное: 0 товаров', 'Корзина пуста: 0 товаров']
        : [logo, 'Каталог', 'Заказать звонок', contacts, 'Личный кабинет: войти', 'Избранное: 0 товаров', 'Корзина пуста: 0 товаров'],
    );
  });

  test('the head fits the window with every widget shown, its controls side by side', { tag: '@responsive' }, async ({ page }, testInfo) => {
    // A compare list and a basket make every widget of the head show (the compare widget hides at 0).
    await page.goto('/');
    await waitForContent(page);
    const session = (await (await page.request.get('/api/session')).json()) as { sessid: string };
    const offers = (await (await page.request.get('/api/offers?available=Y&perPage=1')).json()) as { items: { id: string }[] };
    const headers = { 'X-CSRF-Token': session.sessid };
    await page.request.post('/api/compare', { data: { offerId: offers.items[0]!.id }, headers });
    await page.request.post('/api/basket/items', { data: { offerId: offers.items[0]!.id, quantity: 12 }, headers });
    await page.reload();
    await waitForContent(page);
    const head = page.getByTestId('top-panel-head');
    await expect(head.getByTestId('compare-widget')).toBeVisible();
    await expect(head.getByTestId('mini-cart-count')).toHaveText('1');
    const boxes = await head.locator('a, button').evaluateAll((elements) =>
      elements
        .filter((element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
        .map((element) => element.getBoundingClientRect())
        .filter((box) => box.width > 0)
        .map((box) => ({ left: box.left, right: box.right })),
    );
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    for (const [index, box] of boxes.entries()) {
      expect(box.left, `control ${index} starts inside the window`).toBeGreaterThanOrEqual(0);
      expect(box.right, `control ${index} ends inside the window`).toBeLessThanOrEqual(width);
      if (index > 0) expect(box.left, `control ${index} does not overlap the one before`).toBeGreaterThanOrEqual(boxes[index - 1]!.right - 0.5);
    }
    await head.screenshot({ path: screenshotPath(`${testInfo.project.name}-header-full.png`) });
  });

  test('a long shop name is cut and leaves the search its room', { tag: '@responsive' }, async ({ page, isMobile }) => {
    // Issue 20: a feed's 61-character shop name collapsed the search field at 1280 px.
    const name = 'Интернет-магазин мебели и товаров для дома «Уютный дом» Москва';
    await renderInBrowser(page);
    await page.route('**/api/shop', async (route) => {
      const shop = (await (await route.fetch()).json()) as Record<string, unknown>;
      await route.fulfill({ json: { ...shop, name } });
    });
    await page.goto('/');
    await waitForContent(page);
    const head = page.getByTestId('top-panel-head');
    const logo = head.getByRole('link', { name: new RegExp(name) });
    await expect(logo).toBeVisible();
    const [logoBox, searchBox] = await Promise.all([logo.boundingBox(), head.locator('[data-area="search"]').boundingBox()]);
    const width = page.viewportSize()!.width;
    if (isMobile) {
      expect(searchBox!.width, 'the search icon keeps its place').toBeGreaterThanOrEqual(36);
    } else {
      expect(searchBox!.width, 'the search field keeps a usable width').toBeGreaterThanOrEqual(200);
      expect(logoBox!.width).toBeLessThanOrEqual(width / 5 + 1);
    }
    expect(searchBox!.x).toBeGreaterThanOrEqual(logoBox!.x + logoBox!.width);
  });

  test('no serious axe violations with the top panel at the top and scrolled', { tag: '@responsive' }, async ({ page }) => {
    // Two axe scans of the catalogue page: 31-33 s on the 2-core CI machine (2026-12-02), past the 30 s timeout.
    test.slow();
    await page.goto('/catalog/');
    await waitForContent(page);
    await expectNoSeriousA11yViolations(page);
    await scrollInSteps(page, 1200);
    // Scrolled, the page's controls pass under the sticky head; axe takes the head's buttons for neighbours of a
    // control it cannot see lies beneath the head's background (target-size is scanned at the top instead).
    await expectNoSeriousA11yViolations(page, ['target-size']);
  });
});

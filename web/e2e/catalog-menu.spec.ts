import { expect, renderInBrowser, test, type Page } from './helpers/test';
import { MENU_CLOSE_GRACE_MS, MENU_FADE_MS, MENU_HOVER_DELAY_MS, REQUEST_TIMEOUT_MS } from '../src/config/constants';
import { getSections, waitForContent, type ApiSection } from './helpers/api';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { getTopMenu, routeTopMenu } from './helpers/menu';
import { screenshotPath } from './helpers/screens';
import { animationsDone, pauseClock, settle } from './helpers/timing';

const topSections = (sections: ApiSection[]) => sections.filter((section) => section.parentId === null);
const childrenOf = (sections: ApiSection[], id: string) => sections.filter((section) => section.parentId === id);

/** The alert a menu shows instead of the sections it could not get (SLIDE_PANEL_UNDEFINED_ERROR). */
const UNDEFINED_ERROR_TEXT = 'Возникла неопределенная ошибка';

/**
 * Bad answers of `GET /api/sections` the catalogue menus must turn into the alert: a body without
 * `sections`, and a server error (retried twice by the query, then the alert).
 */
const BAD_SECTIONS_ANSWERS = [
  { name: 'an answer without sections', status: 200, body: {} },
  { name: 'a server error', status: 500, body: { errors: [] } },
] as const;

/** Answers `GET /api/sections` with `status` and `body` for this page. */
async function routeSections(page: Page, status: number, body: unknown) {
  await renderInBrowser(page);
  await page.route('**/api/sections', (route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }));
}

/** Holds every `GET /api/sections` of this page unanswered (a server that never replies). */
async function holdSections(page: Page) {
  await renderInBrowser(page);
  await page.route('**/api/sections', () => new Promise<void>(() => {}));
}

/**
 * A page whose content needs no section tree (the cart page; the account's `/personal/` asks a guest to log in
 * first), so a broken `GET /api/sections` only affects the catalogue menus under test.
 */
const PAGE_WITHOUT_SECTIONS = '/personal/cart/';

test.describe('catalogue mega menu (1043 px and wider)', () => {
  test.beforeEach(({ isMobile }) => {
    test.skip(isMobile, 'the hover mega menu exists at 1043 px and wider');
  });

  test('opens on hover after the intent delay with a backdrop, lists the sections in columns, closes when left', async ({ page, request }) => {
    const sections = await getSections(request);
    // The hover intent is timed with Playwright's clock, paused before the pointer arrives.
    await page.clock.install();
    await page.goto('/');
    await waitForContent(page);
    const button = page.getByRole('banner').getByRole('button', { name: 'Каталог', exact: true });
    const mega = page.getByTestId('catalog-mega-menu');
    const backdrop = page.getByTestId('catalog-menu-backdrop');

    await pauseClock(page);
    await button.hover();
    // Closed until the intent delay has run out, open when it has.
    await page.clock.runFor(MENU_HOVER_DELAY_MS - 1);
    await settle(page);
    await expect(mega).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await page.clock.runFor(1);
    await expect(mega).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(backdrop).toBeVisible();
    const box = (await backdrop.boundingBox())!;
    expect(box).toMatchObject({ x: 0, y: 0, width: 1280, height: 800 });

    const top = topSections(sections);
    const columns = mega.locator('ul').first().locator(':scope > li');
    await expect(columns).toHaveCount(top.length);
    for (const [index, section] of top.entries()) {
      const column = columns.nth(index);
      await expect(column.getByRole('link').first()).toHaveText(section.name);
      await expect(column.getByRole('link').first()).toHaveAttribute('href', section.url);
      for (const child of childrenOf(sections, section.id)) {
        await expect(column.getByRole('link', { name: child.name, exact: true })).toHaveAttribute('href', child.url);
      }
    }
    // Columns side by side.
    const x0 = (await columns.nth(0).boundingBox())!.x;
    const x1 = (await columns.nth(1).boundingBox())!.x;
    expect(x1).toBeGreaterThan(x0);

    // The pointer travels into the panel: it stays past the grace period and the fade a leaving pointer would start.
    await columns.nth(0).getByRole('link').first().hover();
    await page.clock.runFor(MENU_CLOSE_GRACE_MS + MENU_FADE_MS);
    await settle(page);
    await expect(mega).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    // Axe and the screenshot with time flowing again, once the fade-in is over.
    await page.clock.resume();
    await animationsDone(page);
    await page.screenshot({ path: screenshotPath('desktop-catalog-mega-menu.png') });
    await expectNoSeriousA11yViolations(page);

    // It leaves onto the backdrop: it closes.
    await page.mouse.move(640, 790);
    await expect(mega).toBeHidden();
    await expect(backdrop).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('opens with the keyboard, Escape closes it; a section link leads to its page', async ({ page, request }) => {
    const first = topSections(await getSections(request))[0]!;
    await page.goto('/');
    await waitForContent(page);
    const button = page.getByRole('banner').getByRole('button', { name: 'Каталог', exact: true });
    const mega = page.getByTestId('catalog-mega-menu');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(mega).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(mega).toBeHidden();
    await expect(button).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(mega.getByRole('link', { name: /Весь каталог/ })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(mega.getByRole('link', { name: first.name, exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(first.url);
    await expect(mega).toBeHidden();
  });

  test('a click after the hover has opened it keeps it open; the next click closes it', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await waitForContent(page);
    const button = page.getByRole('banner').getByRole('button', { name: 'Каталог', exact: true });
    const mega = page.getByTestId('catalog-mega-menu');
    await pauseClock(page);
    await button.hover();
    await page.clock.runFor(MENU_HOVER_DELAY_MS);
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await button.click();
    // Past the fade a closed menu would be hidden: it is still open.
    await page.clock.runFor(MENU_FADE_MS);
    await settle(page);
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(mega).toBeVisible();
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await page.clock.runFor(MENU_FADE_MS);
    await expect(mega).toBeHidden();
  });

  for (const answer of BAD_SECTIONS_ANSWERS) {
    test(`${answer.name} of GET /api/sections shows the SLIDE_PANEL_UNDEFINED_ERROR alert in the mega menu`, async ({ page }) => {
      await routeSections(page, answer.status, answer.body);
      await page.goto(PAGE_WITHOUT_SECTIONS);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const button = page.getByRole('banner').getByRole('button', { name: 'Каталог', exact: true });
      await button.click();
      const mega = page.getByTestId('catalog-mega-menu');
      await expect(mega.getByRole('alert')).toHaveText(UNDEFINED_ERROR_TEXT);
      await expect(mega.getByRole('link')).toHaveCount(0);
      await page.screenshot({ path: screenshotPath(`desktop-catalog-mega-menu-error-${answer.status}.png`) });
      await expectNoSeriousA11yViolations(page);
    });
  }

  test('a server that never answers GET /api/sections ends in the alert after the 60 s time-out, not a spinner', async ({ page }) => {
    await page.clock.install();
    await holdSections(page);
    await page.goto(PAGE_WITHOUT_SECTIONS);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const button = page.getByRole('banner').getByRole('button', { name: 'Каталог', exact: true });
    await button.click();
    const mega = page.getByTestId('catalog-mega-menu');
    await expect(mega.getByRole('status')).toBeVisible();
    // Half-way through the time-out it still waits for the server.
    await page.clock.fastForward(REQUEST_TIMEOUT_MS / 2);
    await expect(mega.getByRole('status')).toBeVisible();
    await expect(mega.getByRole('alert')).toHaveCount(0);
    // Once the time-out has run out the alert shows (a retry would start another minute of spinner).
    await page.clock.fastForward(REQUEST_TIMEOUT_MS / 2);
    await expect(mega.getByRole('alert')).toHaveText(UNDEFINED_ERROR_TEXT);
    await expect(mega.getByRole('status')).toHaveCount(0);
  });

  test('a press on the backdrop closes it', async ({ page }) => {
    await page.goto('/');
    await waitForContent(page);
    const button = page.getByRole('banner').getByRole('button', { name: 'Каталог', exact: true });
    await button.click();
    await expect(page.getByTestId('catalog-mega-menu')).toBeVisible();
    await page.getByTestId('catalog-menu-backdrop').click({ position: { x: 640, y: 780 } });
    await expect(page.getByTestId('catalog-mega-menu')).toBeHidden();
  });
});

test.describe('catalogue and main slide menus (below 1043 px)', { tag: '@narrow' }, () => {
  test.beforeEach(({ isMobile }) => {
    test.skip(!isMobile, 'the slide menus exist below 1043 px');
  });

  test('the catalogue icon opens the catalogue slide menu with the first section expanded; the back icon closes it', async ({ page, request }) => {
    const sections = await getSections(request);
    const [first, second] = topSections(sections);
    await page.goto('/');
    await waitForContent(page);
    const icon = page.getByRole('banner').getByRole('button', { name: 'Каталог', exact: true });
    await icon.tap();
    const dialog = page.getByRole('dialog', { name: 'Каталог' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    const firstArrow = dialog.getByRole('button', { name: `Подразделы «${first!.name}»` });
    await expect(firstArrow).toHaveAttribute('aria-expanded', 'true');
    for (const child of childrenOf(sections, first!.id)) {
      await expect(dialog.getByRole('link', { name: child.name, exact: true })).toBeVisible();
    }
    const secondArrow = dialog.getByRole('button', { name: `Подразделы «${second!.name}»` });
    await expect(secondArrow).toHaveAttribute('aria-expanded', 'false');
    await secondArrow.tap();
    await expect(secondArrow).toHaveAttribute('aria-expanded', 'true');
    await expect(dialog.getByRole('link', { name: childrenOf(sections, second!.id)[0]!.name, exact: true })).toBeVisible();
    await animationsDone(page);
    await page.screenshot({ path: screenshotPath('mobile-catalog-slide-menu.png') });
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('button', { name: 'Закрыть каталог' }).tap();
    await expect(dialog).toHaveCount(0);
    await expect(icon).toBeFocused();
  });

  test('drills down into deeper subsections with a back step', async ({ page, request }) => {
    const sections = await getSections(request);
    const first = topSections(sections)[0]!;
    const sub = childrenOf(sections, first.id)[0]!;
    // The demo catalogue has two levels; give its first subsection two subsections of its own.
    const deeper: ApiSection[] = [
      { ...sub, id: 'e2e-deep-1', name: 'Глубокий подраздел 1', url: '/catalog/e2e-deep-1/', parentId: sub.id, depth: 2 },
      { ...sub, id: 'e2e-deep-2', name: 'Глубокий подраздел 2', url: '/catalog/e2e-deep-2/', parentId: sub.id, depth: 2 },
    ];
    await renderInBrowser(page);
    await page.route('**/api/sections', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ sections: [...sections, ...deeper] }) }),
    );
    await page.goto('/');
    await waitForContent(page);
    await page.getByRole('banner').getByRole('button', { name: 'Каталог', exact: true }).tap();
    const dialog = page.getByRole('dialog', { name: 'Каталог' });
    const drill = dialog.getByRole('button', { name: `Подразделы «${sub.name}»` });
    await drill.tap();
    await expect(dialog.getByRole('link', { name: 'Глубокий подраздел 1' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Глубокий подраздел 2' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: sub.name, exact: true })).toBeVisible();
    await expect(dialog.getByRole('link', { name: first.name, exact: true })).toHaveCount(0);
    const back = dialog.getByRole('button', { name: 'Все разделы' });
    await expect(back).toBeFocused();
    await animationsDone(page);
    await page.screenshot({ path: screenshotPath('mobile-catalog-drill.png') });
    await expectNoSeriousA11yViolations(page);
    await back.tap();
    await expect(dialog.getByRole('link', { name: first.name, exact: true })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Глубокий подраздел 1' })).toHaveCount(0);
  });

  test('the main menu: back title, catalogue entry on top stacking the catalogue menu, Escape closes only the topmost', async ({ page, request }) => {
    const menu = await getTopMenu(request);
    await page.goto('/');
    await waitForContent(page);
    const burger = page.getByRole('banner').getByRole('button', { name: 'Меню' });
    await burger.tap();
    const main = page.getByRole('dialog', { name: 'Меню' });
    await expect(main).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: 'Меню' })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Закрыть меню' })).toBeVisible();
    const entry = main.getByRole('button', { name: 'Каталог', exact: true });
    // The catalogue entry is the first control of the content, above the items.
    const firstItem = menu.find((item) => !/^\/catalog\/$/.test(item.url))!;
    const itemLink = main.getByRole('link', { name: firstItem.title, exact: true }).first();
    await expect(itemLink).toBeVisible();
    expect((await entry.boundingBox())!.y).toBeLessThan((await itemLink.boundingBox())!.y);
    await animationsDone(page);
    await page.screenshot({ path: screenshotPath('mobile-main-menu.png') });
    await expectNoSeriousA11yViolations(page);

    await entry.tap();
    const catalog = page.getByRole('dialog', { name: 'Каталог' });
    await expect(catalog).toBeVisible();
    // The main menu stays open under it (hidden from assistive technology while the top one is modal).
    const mainUnder = page.getByRole('dialog', { name: 'Меню', includeHidden: true });
    await expect(mainUnder).toBeVisible();
    await animationsDone(page);
    // The catalogue menu lies on top: the element at its centre belongs to it.
    const box = (await catalog.boundingBox())!;
    const onTop = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('[role="dialog"]')?.getAttribute('aria-labelledby'),
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(onTop).toBe(await catalog.getAttribute('aria-labelledby'));
    await page.screenshot({ path: screenshotPath('mobile-main-menu-stacked.png') });
    await expectNoSeriousA11yViolations(page);

    await page.keyboard.press('Escape');
    await expect(catalog).toHaveCount(0);
    await expect(main).toBeVisible();
    await expect(entry).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(main).toHaveCount(0);
    await expect(burger).toBeFocused();
  });

  test('a sub-item arrow of the main menu expands it without navigating; the text stays a link', async ({ page, request }) => {
    const menu = await getTopMenu(request);
    const parent = menu.find((item) => item.children.length > 0 && item.url !== '/catalog/')!;
    await page.goto('/');
    await waitForContent(page);
    await page.getByRole('banner').getByRole('button', { name: 'Меню' }).tap();
    const main = page.getByRole('dialog', { name: 'Меню' });
    const arrow = main.getByRole('button', { name: `Подменю «${parent.title}»` });
    await expect(arrow).toHaveAttribute('aria-expanded', 'false');
    const child = main.getByRole('link', { name: parent.children[0]!.title, exact: true });
    await expect(child).toBeHidden();
    await arrow.tap();
    await expect(arrow).toHaveAttribute('aria-expanded', 'true');
    await expect(child).toBeVisible();
    await expect(page).toHaveURL('/');
    await animationsDone(page);
    await page.screenshot({ path: screenshotPath('mobile-main-menu-expanded.png') });
    await arrow.tap();
    await expect(arrow).toHaveAttribute('aria-expanded', 'false');
    await expect(child).toBeHidden();

    await main.getByRole('link', { name: parent.title, exact: true }).tap();
    await expect(page).toHaveURL(parent.url);
    await expect(main).toHaveCount(0);
  });

  test('the slide menus close when the window widens across 1043 px', async ({ page }) => {
    await page.goto('/');
    await waitForContent(page);
    await page.getByRole('banner').getByRole('button', { name: 'Меню' }).tap();
    await page.getByRole('dialog', { name: 'Меню' }).getByRole('button', { name: 'Каталог', exact: true }).tap();
    const dialogs = page.locator('[role="dialog"]');
    await expect(dialogs).toHaveCount(2);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(dialogs).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Основное меню' })).toBeVisible();
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(page.getByRole('banner').getByRole('button', { name: 'Меню', exact: true })).toBeVisible();
    await expect(dialogs).toHaveCount(0);
  });

  test('a bad menu answer shows the SLIDE_PANEL_UNDEFINED_ERROR alert in the main menu', async ({ page }) => {
    await routeTopMenu(page, { body: {} });
    await page.goto('/');
    await waitForContent(page);
    await page.getByRole('banner').getByRole('button', { name: 'Меню' }).tap();
    const main = page.getByRole('dialog', { name: 'Меню' });
    await expect(main.getByRole('alert')).toHaveText('Возникла неопределенная ошибка');
    await expect(main.getByRole('button', { name: 'Каталог', exact: true })).toBeVisible();
    await animationsDone(page);
    await page.screenshot({ path: screenshotPath('mobile-main-menu-error.png') });
    await expectNoSeriousA11yViolations(page);
  });

  for (const answer of BAD_SECTIONS_ANSWERS) {
    test(`${answer.name} of GET /api/sections shows the SLIDE_PANEL_UNDEFINED_ERROR alert in the catalogue slide menu`, async ({ page }) => {
      await routeSections(page, answer.status, answer.body);
      await page.goto(PAGE_WITHOUT_SECTIONS);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.getByRole('banner').getByRole('button', { name: 'Каталог', exact: true }).tap();
      const dialog = page.getByRole('dialog', { name: 'Каталог' });
      await expect(dialog.getByRole('alert')).toHaveText(UNDEFINED_ERROR_TEXT);
      await expect(dialog.getByRole('button', { name: 'Закрыть каталог' })).toBeVisible();
      await animationsDone(page);
      await page.screenshot({ path: screenshotPath(`mobile-catalog-slide-menu-error-${answer.status}.png`) });
      await expectNoSeriousA11yViolations(page);
    });
  }

  test('a server that never answers GET /api/sections ends in the alert in the catalogue slide menu after the 60 s time-out', async ({ page }) => {
    await page.clock.install();
    await holdSections(page);
    await page.goto(PAGE_WITHOUT_SECTIONS);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Каталог', exact: true }).tap();
    const dialog = page.getByRole('dialog', { name: 'Каталог' });
    await expect(dialog.getByRole('status')).toBeVisible();
    await page.clock.fastForward(REQUEST_TIMEOUT_MS / 2);
    await expect(dialog.getByRole('status')).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await page.clock.fastForward(REQUEST_TIMEOUT_MS / 2);
    await expect(dialog.getByRole('alert')).toHaveText(UNDEFINED_ERROR_TEXT);
  });

  test('the mobile foot links to the menu’s top items', async ({ page, request }) => {
    const menu = await getTopMenu(request);
    await page.goto('/');
    await waitForContent(page);
    const quick = page.getByRole('navigation', { name: 'Быстрые ссылки' });
    await expect(quick.getByRole('link')).toHaveText(menu.map((item) => item.title));
    const discount = menu.find((item) => item.url.includes('?'))!;
    await quick.getByRole('link', { name: discount.title, exact: true }).tap();
    await expect(page).toHaveURL(discount.url);
    await expect(quick.getByRole('link', { name: discount.title, exact: true })).toHaveAttribute('aria-current', 'page');
  });
});

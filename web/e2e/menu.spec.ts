import { expect, test } from './helpers/test';
import { DESKTOP_BREAKPOINT_PX, MENU_CLOSE_GRACE_MS, MENU_FADE_MS, MENU_HOVER_DELAY_MS } from '../src/config/constants';
import { getSections, waitForContent } from './helpers/api';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { barTitles, controlledBy, dropdownTitles, getTopMenu, mainMenu, menuBar, routeTopMenu, waitForMenu } from './helpers/menu';
import { screenshotPath } from './helpers/screens';
import { animationsDone, pauseClock, settle } from './helpers/timing';

test.describe('horizontal multilevel menu (1043 px and wider)', () => {
  test.beforeEach(({ isMobile }) => {
    test.skip(isMobile, 'the horizontal menu exists at 1043 px and wider; narrow screens have the slide menus');
  });

  test('shows the items of GET /api/menus/top; at 1100 px the overflow moves into "…" in order, widening brings it back', async ({ page, request }) => {
    const menu = await getTopMenu(request);
    const titles = menu.map((item) => item.title);
    expect(titles.length, 'the demo menu is long enough to overflow').toBeGreaterThan(4);

    await page.setViewportSize({ width: 1100, height: 800 });
    await page.goto('/');
    await waitForContent(page);
    await waitForMenu(page);
    const more = menuBar(page).getByRole('button', { name: 'Ещё пункты меню' });
    await expect(more).toBeVisible();
    const shown = await barTitles(page);
    const moved = await dropdownTitles(await controlledBy(page, more));
    expect(moved.length).toBeGreaterThan(0);
    expect(shown.length).toBeGreaterThan(0);
    expect([...shown, ...moved]).toEqual(titles);
    // Everything shown fits on the menu's line: no item passes the nav's right edge, the bar does
    // not overflow, and the page does not scroll sideways.
    const fit = await mainMenu(page).evaluate((nav) => {
      const bar = nav.querySelector('[data-testid="menu-bar"]')!;
      const rows = Array.from(bar.children, (row) => row.getBoundingClientRect());
      return {
        navRight: nav.getBoundingClientRect().right,
        itemsRight: Math.max(...rows.map((row) => row.right)),
        barScrollWidth: bar.scrollWidth,
        barClientWidth: bar.clientWidth,
        pageScrollWidth: document.documentElement.scrollWidth,
        pageClientWidth: document.documentElement.clientWidth,
      };
    });
    expect(fit.itemsRight).toBeLessThanOrEqual(fit.navRight + 0.5);
    expect(fit.barScrollWidth).toBeLessThanOrEqual(fit.barClientWidth);
    expect(fit.pageScrollWidth).toBeLessThanOrEqual(fit.pageClientWidth);

    await more.click();
    const list = await controlledBy(page, more);
    await expect(list).toBeVisible();
    await expect(list.locator(':scope > li > a')).toHaveText(moved);
    await page.screenshot({ path: screenshotPath('desktop-menu-overflow-1100.png') });
    await expectNoSeriousA11yViolations(page);

    // Wider: items come back, in order.
    await page.setViewportSize({ width: 1920, height: 900 });
    await expect.poll(async () => (await barTitles(page)).length).toBeGreaterThan(shown.length);
    const wideShown = await barTitles(page);
    const wideMoved = (await more.count()) ? await dropdownTitles(await controlledBy(page, more)) : [];
    expect([...wideShown, ...wideMoved]).toEqual(titles);
    await page.screenshot({ path: screenshotPath('desktop-menu-1920.png') });

    await page.setViewportSize({ width: 1100, height: 800 });
    await expect.poll(() => barTitles(page)).toEqual(shown);
    expect(await dropdownTitles(await controlledBy(page, more))).toEqual(moved);
  });

  test('the "…" item disappears when the window gets wide enough for every item', async ({ page, request }) => {
    // Keep as many of the demo menu's items as fit the widest line (the container's maximum width), measured
    // in the page, so the test holds whatever fonts the machine has.
    const menu = await getTopMenu(request);
    await page.setViewportSize({ width: 1920, height: 900 });
    await page.goto('/');
    await waitForMenu(page);
    const line = await mainMenu(page).evaluate((nav) => nav.clientWidth);
    const widths = await mainMenu(page).locator('[aria-hidden="true"] > ul > li').evaluateAll((rows) =>
      rows.map((row) => Math.ceil(row.getBoundingClientRect().width)),
    );
    let count = 0;
    let total = 0;
    while (count < menu.length && total + widths[count]! <= line - 20) total += widths[count++]!;
    expect(count, 'at least three items fit the widest line').toBeGreaterThan(2);
    await routeTopMenu(page, { body: { items: menu.slice(0, count) } });
    const titles = menu.slice(0, count).map((item) => item.title);

    // A window where the line is 60 px short of them: "…" holds the last ones.
    await page.setViewportSize({ width: DESKTOP_BREAKPOINT_PX, height: 800 });
    const lineAtBreakpoint = await mainMenu(page).evaluate((nav) => nav.clientWidth);
    const narrow = Math.max(DESKTOP_BREAKPOINT_PX, DESKTOP_BREAKPOINT_PX + total - 60 - lineAtBreakpoint);
    expect(lineAtBreakpoint + (narrow - DESKTOP_BREAKPOINT_PX), 'the narrow line is shorter than the items').toBeLessThan(total);
    await page.setViewportSize({ width: narrow, height: 800 });
    await page.reload();
    await waitForMenu(page);
    const more = menuBar(page).getByRole('button', { name: 'Ещё пункты меню' });
    await expect(more).toBeVisible();
    expect([...(await barTitles(page)), ...(await dropdownTitles(await controlledBy(page, more)))]).toEqual(titles);

    await page.setViewportSize({ width: 1920, height: 900 });
    await expect(more).toHaveCount(0);
    expect(await barTitles(page)).toEqual(titles);
  });

  test('a menu of two items never gets "…", even when they do not fit; three such items do', async ({ page }) => {
    const long = (n: number) => ({
      id: n,
      title: `Очень длинный пункт меню номер ${n}, который не помещается в строку вместе с соседями`,
      url: `/catalog/?sort=new&n=${n}`,
      children: [],
    });
    await routeTopMenu(page, { body: { items: [long(1), long(2)] } });
    await page.setViewportSize({ width: DESKTOP_BREAKPOINT_PX, height: 800 });
    await page.goto('/');
    await waitForMenu(page);
    expect((await barTitles(page)).length).toBe(2);
    await expect(menuBar(page).getByRole('button', { name: 'Ещё пункты меню' })).toHaveCount(0);

    await page.unroute('**/api/menus/top');
    await routeTopMenu(page, { body: { items: [long(1), long(2), long(3)] } });
    await page.reload();
    await waitForMenu(page);
    await expect(menuBar(page).getByRole('button', { name: 'Ещё пункты меню' })).toBeVisible();
  });

  test('a dropdown opens after the 200 ms hover intent, not before, and fades out when the pointer leaves', async ({ page }) => {
    // The hover intent is timed with Playwright's clock, paused before the pointer arrives.
    await page.clock.install();
    await page.goto('/');
    await waitForContent(page);
    await waitForMenu(page);
    const toggle = menuBar(page).getByRole('button', { name: 'Подменю «Каталог»' });
    const dropdown = await controlledBy(page, toggle);
    const item = toggle.locator('xpath=..');

    // Measure in the page: time from the pointer entering to the dropdown being shown.
    await item.evaluate((element, dropdownId) => {
      const target = document.getElementById(dropdownId)!;
      const record = window as unknown as { enteredAt?: number; shownAt?: number };
      element.addEventListener('pointerenter', () => (record.enteredAt ??= performance.now()));
      new MutationObserver(() => {
        if (!target.hidden) record.shownAt ??= performance.now();
      }).observe(target, { attributes: true, attributeFilter: ['hidden'] });
    }, (await toggle.getAttribute('aria-controls'))!);

    await pauseClock(page);
    await item.getByRole('link', { name: 'Каталог' }).hover();
    await page.clock.runFor(MENU_HOVER_DELAY_MS - 1);
    await settle(page);
    await expect(dropdown).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.clock.runFor(1);
    await expect(dropdown).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const { enteredAt, shownAt } = await page.evaluate(() => {
      const record = window as unknown as { enteredAt: number; shownAt: number };
      return { enteredAt: record.enteredAt, shownAt: record.shownAt };
    });
    expect(shownAt - enteredAt).toBeGreaterThanOrEqual(MENU_HOVER_DELAY_MS - 5);
    expect(shownAt - enteredAt).toBeLessThan(MENU_HOVER_DELAY_MS + 150);

    // The pointer travels into the dropdown: it stays past the grace period and the fade a leaving pointer would start.
    await dropdown.getByRole('link').first().hover();
    await page.clock.runFor(MENU_CLOSE_GRACE_MS + MENU_FADE_MS);
    await settle(page);
    await expect(dropdown).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // Axe and the screenshot with time flowing again, once the fade-in is over.
    await page.clock.resume();
    await animationsDone(page);
    await page.screenshot({ path: screenshotPath('desktop-menu-dropdown.png') });
    await expectNoSeriousA11yViolations(page);

    // It leaves to the page: the dropdown closes (grace period + fade).
    await page.mouse.move(640, 700);
    await expect(dropdown).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('a click after the hover has opened a dropdown keeps it open; the next click closes it', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await waitForContent(page);
    await waitForMenu(page);
    const toggle = menuBar(page).getByRole('button', { name: 'Подменю «Каталог»' });
    const dropdown = await controlledBy(page, toggle);
    await pauseClock(page);
    await toggle.hover();
    await page.clock.runFor(MENU_HOVER_DELAY_MS);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    // Past the fade a closed dropdown would be hidden: it is still open.
    await page.clock.runFor(MENU_FADE_MS);
    await settle(page);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(dropdown).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.clock.runFor(MENU_FADE_MS);
    await expect(dropdown).toBeHidden();
  });

  test('is operable with the keyboard in visual order; aria-expanded follows the open state', async ({ page }) => {
    await page.goto('/');
    await waitForContent(page);
    await waitForMenu(page);
    const first = menuBar(page).getByRole('link', { name: 'Каталог' });
    await first.focus();
    // Tab walks the bar from left to right.
    const xs: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const x = await page.evaluate(() => {
        const active = document.activeElement;
        return active?.closest('[data-testid="menu-bar"]') ? active.getBoundingClientRect().left : null;
      });
      if (x === null) break;
      xs.push(x);
      await page.keyboard.press('Tab');
    }
    expect(xs.length).toBeGreaterThan(3);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);

    await first.focus();
    await page.keyboard.press('Tab');
    const toggle = menuBar(page).getByRole('button', { name: 'Подменю «Каталог»' });
    await expect(toggle).toBeFocused();
    const dropdown = await controlledBy(page, toggle);

    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(dropdown).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(dropdown).toBeHidden();
    await expect(toggle).toBeFocused();

    await page.keyboard.press('ArrowDown');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(dropdown.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const nestedToggle = dropdown.getByRole('button').first();
    await expect(nestedToggle).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(nestedToggle).toHaveAttribute('aria-expanded', 'true');
    const nested = await controlledBy(page, nestedToggle);
    await expect(nested.getByRole('link').first()).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    await page.keyboard.press('Escape');
    await expect(nestedToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nestedToggle).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    // Space opens too; focus leaving the item closes it.
    await page.keyboard.press(' ');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Shift+Tab');
    await expect(first).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // Backwards out of the bar lands on the head's last control, the mini cart (issue 6), and closes the dropdown;
    // then the wishlist, the user icon (issue 7), the contacts block (issue 8), "Заказать звонок" (issue 5), and the
    // search field, whose focus opens nothing (issue 19, WCAG 3.2.1).
    const head = page.getByTestId('top-panel-head');
    await page.keyboard.press('Shift+Tab');
    await expect(head.getByTestId('mini-cart')).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Shift+Tab');
    await expect(head.getByTestId('wishlist-widget')).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(head.getByTestId('user-widget')).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(head.getByTestId('contacts-widget')).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(head.getByRole('button', { name: 'Заказать звонок' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(head.getByTestId('header-search-field')).toBeFocused();
    await expect(page.getByRole('dialog', { name: 'Поиск' })).toHaveCount(0);
    await expect(first).not.toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(dropdown).toBeHidden();

    // A parent's own page stays reachable: its label is a link.
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/catalog/');
  });

  test('a nested dropdown near the right edge flips to stay inside the viewport', async ({ page }) => {
    await page.setViewportSize({ width: 1100, height: 800 });
    await page.goto('/');
    await waitForContent(page);
    await waitForMenu(page);
    const more = menuBar(page).getByRole('button', { name: 'Ещё пункты меню' });
    await more.click();
    const list = await controlledBy(page, more);
    const nestedToggle = list.locator(':scope > li > button').first();
    await expect(nestedToggle, 'an overflowing item with sub-items').toBeVisible();
    await nestedToggle.click();
    const nested = await controlledBy(page, nestedToggle);
    await expect(nested).toBeVisible();
    await expect(nested).toHaveAttribute('data-flip', 'true');
    const box = (await nested.boundingBox())!;
    const parentBox = (await list.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1100);
    // It opens to the side: to the left of its parent dropdown.
    expect(box.x + box.width).toBeLessThanOrEqual(parentBox.x + 1);
    await page.screenshot({ path: screenshotPath('desktop-menu-flip.png') });
    await expectNoSeriousA11yViolations(page);

    // Far from the edge a nested dropdown opens to the right.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    const catalogToggle = menuBar(page).getByRole('button', { name: 'Подменю «Каталог»' });
    await catalogToggle.click();
    const catalogList = await controlledBy(page, catalogToggle);
    const firstNested = catalogList.locator(':scope > li > button').first();
    await firstNested.click();
    const right = await controlledBy(page, firstNested);
    await expect(right).toBeVisible();
    await expect(right).not.toHaveAttribute('data-flip');
    expect((await right.boundingBox())!.x).toBeGreaterThanOrEqual((await catalogList.boundingBox())!.x + (await catalogList.boundingBox())!.width - 2);
  });

  test('marks the current section page’s item and its parents active', async ({ page, request }) => {
    const sections = await getSections(request);
    const sub = sections.find((section) => section.depth === 1)!;
    const parent = sections.find((section) => section.id === sub.parentId)!;
    await page.goto(sub.url);
    await waitForContent(page);
    await waitForMenu(page);
    const current = mainMenu(page).locator(`a[aria-current="page"]`);
    await expect(current.first()).toHaveText(sub.name);
    expect(await current.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(
      expect.arrayContaining([sub.url]),
    );
    // "Каталог" holds the section that holds the page: it is marked active, and so is the section.
    const catalogItem = menuBar(page).locator(':scope > li').filter({ has: page.getByRole('link', { name: 'Каталог', exact: true }) });
    await expect(catalogItem).toHaveAttribute('data-active', 'true');
    const catalogList = await controlledBy(page, catalogItem.getByRole('button'));
    await expect(catalogList.locator(':scope > li').filter({ hasText: parent.name }).first()).toHaveAttribute('data-active', 'true');
    await expect(menuBar(page).getByRole('link', { name: 'Новинки' })).not.toHaveAttribute('aria-current');
    await page.screenshot({ path: screenshotPath('desktop-menu-active.png') });
  });

  test('a failed menu request leaves the page working without a menu row', async ({ page }) => {
    await routeTopMenu(page, { status: 500, body: { errors: [] } });
    await page.goto('/catalog/');
    await waitForContent(page);
    await expect(page.getByRole('button', { name: 'Каталог', exact: true })).toBeVisible();
    await expect(mainMenu(page)).toHaveCount(0);
    await expect(page.locator('[role="alert"]')).toHaveCount(0);
    await routeTopMenu(page, { body: {} });
    await page.reload();
    await waitForContent(page);
    await expect(mainMenu(page)).toHaveCount(0);
    // Without a menu the foot holds only the delivery city (issue 8).
    const foot = page.getByTestId('top-panel-foot');
    await expect(foot.getByTestId('location-widget')).toBeVisible();
    await expect(foot.locator('a, button')).toHaveCount(1);
  });
});

import { expect, test } from './helpers/test';
import { SECTIONS_CONTAINER_HEIGHT_PX } from '../src/config/constants';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { waitForContent } from './helpers/api';
import { screenshotPath } from './helpers/screens';
import {
  apiSearch,
  BROAD,
  isSearchRequest,
  openSearch,
  recordSearchRequests,
  resultItems,
  searchDialog,
  waitForResults,
} from './helpers/search';

/**
 * The instant search's sections (issue 4; spec §5): the "Все результаты" filter, a section fetched on its own, and
 * the cut at 92 px with its "Показать все" toggle. Against the real engine on the demo catalogue.
 */

test.describe('search sections', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await waitForContent(page);
  });

  test('sections: "Все результаты" first and active; a section shows only its items; id 0 shows all again', async ({
    page,
    isMobile,
  }) => {
    const answer = await apiSearch(page.request, BROAD);
    const input = await openSearch(page, isMobile);
    await input.fill(BROAD);
    await waitForResults(page);
    const sections = searchDialog(page).getByTestId('search-sections').getByRole('button');
    // Sections below the cut are hidden (not in the role tree) until expanded: count the elements.
    await expect(searchDialog(page).locator('[data-section-id]')).toHaveCount(answer.sections.length);
    await expect(sections.first()).toHaveText(`Все результаты ${answer.total}`);
    await expect(sections.first()).toHaveAttribute('aria-pressed', 'true');
    await expect(searchDialog(page).locator('[aria-pressed="true"]')).toHaveCount(1);

    const section = [...answer.sections.slice(1)].sort((a, b) => b.found - a.found)[0]!;
    const button = searchDialog(page).locator(`[data-section-id="${section.id}"]`);
    if (isMobile) await searchDialog(page).getByRole('button', { name: 'Показать все' }).click();
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(sections.first()).toHaveAttribute('aria-pressed', 'false');
    await expect(searchDialog(page).locator('[aria-pressed="true"]')).toHaveCount(1);
    await expect(resultItems(page)).toHaveCount(section.found);
    const categories = await searchDialog(page)
      .getByTestId('search-item')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-category-id')));
    expect(new Set(categories)).toEqual(new Set([section.id]));

    await sections.first().click();
    await expect(resultItems(page)).toHaveCount(answer.items.length);
  });

  test('a section with more matches than the page holds is fetched with section=ID', async ({ page, isMobile }) => {
    // The real answer, cut to its first two items: the page then holds fewer of a section's items than `found`.
    await page.route(isSearchRequest, async (route) => {
      const url = new URL(route.request().url());
      const response = await route.fetch();
      if (url.searchParams.has('section')) return route.fulfill({ response });
      const body = (await response.json()) as { items: unknown[] };
      await route.fulfill({ response, json: { ...body, items: body.items.slice(0, 2) } });
    });
    const requests = recordSearchRequests(page);
    const answer = await apiSearch(page.request, BROAD);
    const input = await openSearch(page, isMobile);
    await input.fill(BROAD);
    await waitForResults(page);
    await expect(resultItems(page)).toHaveCount(2);

    const shown = new Set(answer.items.slice(0, 2).map((item) => item.categoryId));
    const missing = answer.sections.slice(1).find((section) => !shown.has(section.id))!;
    if (isMobile) await searchDialog(page).getByRole('button', { name: 'Показать все' }).click();
    await searchDialog(page).locator(`[data-section-id="${missing.id}"]`).click();
    await expect.poll(() => requests.queries().at(-1)).toEqual({ q: BROAD, available: 'N', section: missing.id });
    await expect(resultItems(page)).toHaveCount(missing.found);
  });
});

test.describe('search sections overflow', { tag: '@narrow' }, () => {
  test('more than 92 px of sections get "Показать все" with a down arrow, then "Скрыть" with an up arrow', async ({
    page,
    isMobile,
  }, testInfo) => {
    test.skip(!isMobile, 'at 375 px the sections of this query take three rows; at 1280 px they fit');
    await page.goto('/');
    await waitForContent(page);
    const input = await openSearch(page, isMobile);
    await input.fill(BROAD);
    await waitForResults(page);
    const list = searchDialog(page).getByTestId('search-sections');
    const height = () => list.evaluate((element) => element.getBoundingClientRect().height);
    const fullHeight = await list.evaluate((element) => element.scrollHeight);
    expect(fullHeight).toBeGreaterThan(SECTIONS_CONTAINER_HEIGHT_PX);
    expect(await height()).toBe(SECTIONS_CONTAINER_HEIGHT_PX);

    // Sections that do not wholly fit above the cut are hidden until expanded.
    const sectionButtons = list.locator('[data-section-id]');
    const cut = list.locator('[data-cut]');
    expect(await cut.count()).toBeGreaterThan(0);
    await expect(cut.first()).toBeHidden();
    const toggle = searchDialog(page).getByRole('button', { name: 'Показать все' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle.locator('path')).toHaveAttribute('d', 'M6 9l6 6 6-6');
    await page.screenshot({ path: screenshotPath(`${testInfo.project.name}-search-sections-collapsed.png`) });
    await toggle.click();
    const hide = searchDialog(page).getByRole('button', { name: 'Скрыть' });
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    await expect(hide.locator('path')).toHaveAttribute('d', 'M6 15l6-6 6 6');
    expect(await height()).toBe(fullHeight);
    await expect(cut).toHaveCount(0);
    for (const button of await sectionButtons.all()) await expect(button).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await hide.click();
    expect(await height()).toBe(SECTIONS_CONTAINER_HEIGHT_PX);
  });
});

/** A stand-in for the browser's speech recognition: the test says what was "heard". */

import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { MenuItem } from '../../src/lib/api/types';
import { getJson } from './api';
import { renderInBrowser } from './test';

export type { MenuItem };

/** The top menu as the API serves it (`GET /api/menus/top`). */
export async function getTopMenu(request: APIRequestContext): Promise<MenuItem[]> {
  return (await getJson<{ items: MenuItem[] }>(request, '/api/menus/top')).items;
}

/** The top panel's `<header>`. */
export function topPanel(page: Page): Locator {
  return page.getByRole('banner');
}

/** The top panel's foot (horizontal menu on desktop, quick links on mobile). */
export function topPanelFoot(page: Page): Locator {
  return page.getByTestId('top-panel-foot');
}

/** The desktop horizontal menu. */
export function mainMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Основное меню' });
}

/** The visible row of the horizontal menu. */
export function menuBar(page: Page): Locator {
  return page.getByTestId('menu-bar');
}

/** The dropdown a disclosure toggle controls (`aria-controls`). */
export async function controlledBy(page: Page, toggle: Locator): Promise<Locator> {
  const id = await toggle.getAttribute('aria-controls');
  expect(id, 'the toggle names the element it controls').toBeTruthy();
  return page.locator(`[id="${id}"]`);
}

/** Texts of the direct entries (first links of `:scope > li`) of a dropdown list, in order. */
export async function dropdownTitles(list: Locator): Promise<string[]> {
  return list.evaluate((element) =>
    Array.from(element.querySelectorAll(':scope > li > a'), (link) => (link.textContent ?? '').trim()),
  );
}

/** The top-level titles shown in the bar, in order (links and nothing else). */
export async function barTitles(page: Page): Promise<string[]> {
  return menuBar(page).evaluate((element) =>
    Array.from(element.querySelectorAll(':scope > li > a'), (link) => (link.textContent ?? '').trim()),
  );
}

/** Waits until the desktop menu has its items and has settled its overflow. */
export async function waitForMenu(page: Page): Promise<void> {
  await expect(menuBar(page).locator(':scope > li').first()).toBeVisible();
  // The overflow is computed in a layout effect and again by ResizeObserver; give it a frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Replaces the answer of `GET /api/menus/top` for this page (rendered in the browser, which asks for it). */
export async function routeTopMenu(page: Page, answer: { status?: number; body: unknown }): Promise<void> {
  await renderInBrowser(page);
  await page.route('**/api/menus/top', (route) =>
    route.fulfill({ status: answer.status ?? 200, contentType: 'application/json', body: JSON.stringify(answer.body) }),
  );
}

import { expect, test, type Page, type Request } from './helpers/test';
import { getJson, waitForContent, type ApiOffer } from './helpers/api';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { sendAsVisitor } from './helpers/lists';
import { screenshotPath } from './helpers/screens';
import type { Location } from '../src/lib/api/types';

/**
 * The delivery location (issue 8; spec §1 "a delivery location panel", §2 "delivery location slide panel", §8
 * SLIDE_PANEL_UNDEFINED_ERROR): the city button at the end of the top panel's foot, its slide panel "Ваш город" with
 * the popular cities and the debounced search (ё folded), the choice kept in the session and the 380-day cookie
 * `vitrina_location`, and the checkout's city following it. Each test has its own browser context, so its own
 * session and no city until it chooses one.
 */

/** `Max-Age` of the `vitrina_location` cookie, seconds (380 days; the server's `LOCATION_COOKIE_LIFETIME_S`). */
const LOCATION_COOKIE_LIFETIME_S = 32_832_000;

const locationButton = (page: Page) => page.getByTestId('location-widget');
const locationPanel = (page: Page) => page.getByRole('dialog', { name: 'Ваш город' });
const cityButtons = (page: Page) => locationPanel(page).getByRole('list').getByRole('button');

/** The accessible name of a city's button: "Могилёв, Могилёвская область"; "Москва" when the region is the name. */
const cityLabel = (city: Location) => (city.region && city.region !== city.name ? `${city.name}, ${city.region}` : city.name);

/** The cities `GET /api/locations` answers for `text` (the popular ones for `''`). */
async function apiLocations(page: Page, text: string): Promise<Location[]> {
  const answer = await getJson<{ items: Location[] }>(page.request, `/api/locations?q=${encodeURIComponent(text)}&limit=20`);
  return answer.items;
}

/** The one city named `name` (found by its whole name). */
async function apiCity(page: Page, name: string): Promise<Location> {
  const city = (await apiLocations(page, name)).find((item) => item.name === name);
  expect(city, `the shipped city list has ${name}`).toBeTruthy();
  return city!;
}

/** Whether the header button's text is shown whole, not ending in an ellipsis. */
function nameIsWhole(page: Page): Promise<boolean> {
  return locationButton(page)
    .locator('span')
    .evaluate((name) => name.scrollWidth <= name.clientWidth);
}

/** Opens the panel from the header's button and waits for its focused field and its popular cities. */
async function openLocationPanel(page: Page) {
  await locationButton(page).click();
  const dialog = locationPanel(page);
  await expect(dialog).toBeVisible();
  const field = dialog.getByRole('searchbox', { name: 'Найти город' });
  await expect(field).toBeFocused();
  await expect(dialog.getByRole('heading', { name: 'Популярные города' })).toBeVisible();
  return { dialog, field };
}

/** Records the `q` of every `GET /api/locations` the page sends. */
function recordLocationQueries(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/locations') sent.push(url.searchParams.get('q') ?? '');
  });
  return sent;
}

/** Puts one in-stock offer in the page visitor's basket (`POST /api/basket/items`), so the checkout has a line. */
async function addBasketLine(page: Page): Promise<void> {
  const offers = await getJson<{ items: ApiOffer[] }>(page.request, '/api/offers?available=Y&perPage=1');
  expect(offers.items.length, 'the demo catalogue has an offer in stock').toBe(1);
  await sendAsVisitor(page, 'POST', '/api/basket/items', { offerId: offers.items[0]!.id, quantity: 1 });
}

test.describe('location panel', () => {
  // Both widths: below 1043 px the button shares the foot with the quick links; the panel's width.
  test('a new visitor sees "Выберите город"; the button opens "Ваш город" with the popular cities; Escape and an outside click close it', { tag: '@responsive' }, async ({ page }, testInfo) => {
    await page.goto('/');
    await waitForContent(page);
    await expect(locationButton(page)).toBeVisible();
    await expect(locationButton(page)).toHaveText('Выберите город');
    await expect(locationButton(page)).toHaveAccessibleName('Выберите город');
    await expect(locationButton(page)).toHaveAttribute('aria-expanded', 'false');
    // Not cut to "Выберите го…" (below 1043 px the button shares the foot with the quick links).
    expect(await nameIsWhole(page), 'the button shows its whole text').toBe(true);

    const popular = await apiLocations(page, '');
    expect(popular[0]?.name, 'the biggest city comes first').toBe('Москва');
    const { dialog } = await openLocationPanel(page);
    await expect(locationButton(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(cityButtons(page)).toHaveCount(popular.length);
    for (const [index, city] of popular.slice(0, 5).entries()) {
      await expect(cityButtons(page).nth(index)).toHaveAccessibleName(cityLabel(city));
    }
    // Москва is a region of its own: its button says the name once, not "Москва Москва".
    await expect(cityButtons(page).first()).toHaveAccessibleName('Москва');
    await expect(cityButtons(page).first()).toHaveText('Москва');
    await expect(dialog.getByRole('button', { name: 'Новосибирск, Новосибирская область' })).toHaveText('НовосибирскНовосибирская область');
    // Nothing is chosen yet: no city is marked.
    await expect(dialog.locator('[aria-current]')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: screenshotPath(`${testInfo.project.name}-location-panel.png`) });

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(locationButton(page)).toBeFocused();
    await expect(locationButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(locationButton(page)).toHaveText('Выберите город');

    // The panel is min(420px, 100vw − 48px) wide on the right: the left edge is outside it.
    await openLocationPanel(page);
    await page.mouse.click(10, 400);
    await expect(dialog).toBeHidden();
    await expect(locationButton(page)).toHaveText('Выберите город');
    await expectNoSeriousA11yViolations(page);
  });

  test('the search waits for the typing to pause, folds ё and finds by prefix; an unknown text says "Город не найден"', async ({ page }, testInfo) => {
    await page.goto('/catalog/');
    await waitForContent(page);
    const sent = recordLocationQueries(page);
    const { dialog, field } = await openLocationPanel(page);
    await expect.poll(() => sent).toEqual(['']);

    // Keystrokes well inside the 300 ms debounce: one request, for the whole word.
    await field.pressSequentially('могилев', { delay: 20 });
    const status = dialog.getByRole('status').filter({ hasText: /Найден|не найден/ });
    await expect(status).toHaveText('Найден 1 город');
    await expect(dialog.getByRole('heading', { name: 'Найденные города' })).toBeVisible();
    const mogilev = await apiCity(page, 'Могилёв');
    await expect(cityButtons(page)).toHaveCount(1);
    await expect(cityButtons(page).first()).toHaveAccessibleName(cityLabel(mogilev));
    await expect(cityButtons(page).first()).toContainText('Могилёв');
    expect(sent, 'no request for the unfinished word').toEqual(['', 'могилев']);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: screenshotPath(`${testInfo.project.name}-location-search.png`) });

    await field.fill('ново');
    await expect(status).toHaveText('Найдено 2 города');
    await expect(cityButtons(page)).toHaveCount(2);
    await expect(cityButtons(page).nth(0)).toContainText('Новосибирск');
    await expect(cityButtons(page).nth(1)).toContainText('Новокузнецк');

    await field.fill('Zzyzx');
    await expect(dialog.getByText('Город не найден')).toBeVisible();
    await expect(cityButtons(page)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // Emptied, the field shows the popular cities again.
    await field.fill('');
    await expect(dialog.getByRole('heading', { name: 'Популярные города' })).toBeVisible();
    await expect(cityButtons(page).first()).toContainText('Москва');
  });

  // Both widths: the city's name must fit the foot at either width.
  test('choosing a city closes the panel and names it in the header; the 380-day cookie keeps it after a reload and a new session', { tag: '@responsive' }, async ({ page, context }) => {
    await page.goto('/');
    await waitForContent(page);
    const mogilev = await apiCity(page, 'Могилёв');
    const { dialog, field } = await openLocationPanel(page);
    await field.pressSequentially('могилёв');
    await expect(cityButtons(page)).toHaveCount(1);
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/location' && r.request().method() === 'POST');
    await cityButtons(page).first().click();
    expect((await saved).status()).toBe(200);
    await expect(dialog).toBeHidden();
    await expect(locationButton(page)).toHaveText('Могилёв');
    await expect(locationButton(page)).toHaveAccessibleName('Ваш город: Могилёв');
    await expect(locationButton(page)).toBeFocused();
    expect(await nameIsWhole(page)).toBe(true);

    const cookie = (await context.cookies()).find((c) => c.name === 'vitrina_location');
    expect(cookie, 'the choice is kept in the cookie vitrina_location').toBeTruthy();
    expect(cookie!.value).toBe(String(mogilev.id));
    expect(cookie!.path).toBe('/');
    expect(cookie!.httpOnly).toBe(true);
    const lifetime = cookie!.expires - Date.now() / 1000;
    expect(lifetime, 'the cookie lives 380 days').toBeGreaterThan(LOCATION_COOKIE_LIFETIME_S - 300);
    expect(lifetime).toBeLessThanOrEqual(LOCATION_COOKIE_LIFETIME_S + 5);
    const session = await getJson<{ location: Location | null }>(page.request, '/api/session');
    expect(session.location?.name).toBe('Могилёв');

    await page.reload();
    await waitForContent(page);
    await expect(locationButton(page)).toHaveText('Могилёв');
    // The chosen city is marked in the panel's list.
    const reopened = await openLocationPanel(page);
    await reopened.field.fill('моги');
    await expect(cityButtons(page).first()).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('Escape');
    await expect(reopened.dialog).toBeHidden();

    // A returning shopper whose session ended: the cookie alone brings the city back.
    await context.clearCookies();
    await context.addCookies([cookie!]);
    await page.reload();
    await waitForContent(page);
    await expect(locationButton(page)).toHaveText('Могилёв');
  });

  test('a failed or unusable cities answer shows SLIDE_PANEL_UNDEFINED_ERROR (spec §8)', async ({ page }) => {
    // The popular list fails with 500 (after the panel's retries), a search answers `{}` without its items.
    await page.route('**/api/locations?*', (route) => {
      const text = new URL(route.request().url()).searchParams.get('q') ?? '';
      return text === ''
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' })
        : route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
    });
    await page.goto('/');
    await waitForContent(page);
    await locationButton(page).click();
    const dialog = locationPanel(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveText('Возникла неопределенная ошибка', { timeout: 15_000 });
    await expect(cityButtons(page)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    const field = dialog.getByRole('searchbox', { name: 'Найти город' });
    await field.fill('казань');
    await expect(dialog.getByRole('alert')).toHaveText('Возникла неопределенная ошибка');
    await expect(cityButtons(page)).toHaveCount(0);
    await expect(dialog.getByText('Город не найден')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(locationButton(page)).toHaveText('Выберите город');
  });
});

test.describe('checkout city', () => {
  // Both widths: below 1043 px the foot, and the city button in it, is hidden on /personal/ pages.
  test('the checkout\'s city field is prefilled with the chosen city and follows a city chosen on the checkout', { tag: '@responsive' }, async ({ page, isMobile }, testInfo) => {
    await page.goto('/');
    await waitForContent(page);
    const minsk = await apiCity(page, 'Минск');
    await sendAsVisitor(page, 'POST', '/api/location', { id: minsk.id });
    await addBasketLine(page);

    await page.goto('/personal/order/make/');
    await waitForContent(page);
    const city = page.getByRole('textbox', { name: /^Город/ });
    await expect(city).toHaveValue('Минск');
    await expectNoSeriousA11yViolations(page);

    if (isMobile) {
      // Below 1043 px the top panel's foot, and the city button in it, is hidden on /personal/ pages (spec §2): the
      // city cannot be changed from the checkout there, only typed into the field.
      await expect(locationButton(page)).toBeHidden();
      await city.fill('Пермь');
      await expect(city).toHaveValue('Пермь');
      await page.screenshot({ path: screenshotPath(`${testInfo.project.name}-checkout-city.png`) });
      return;
    }

    await expect(locationButton(page)).toHaveText('Минск');
    // What the shopper typed is replaced by a city chosen afterwards.
    await city.fill('Пермь');
    const { dialog, field } = await openLocationPanel(page);
    await field.pressSequentially('казань');
    await expect(cityButtons(page)).toHaveCount(1);
    await cityButtons(page).first().click();
    await expect(dialog).toBeHidden();
    await expect(locationButton(page)).toHaveText('Казань');
    await expect(city).toHaveValue('Казань');
    await expect(page).toHaveURL(/\/personal\/order\/make\/$/);
    await page.screenshot({ path: screenshotPath(`${testInfo.project.name}-checkout-city.png`) });

    // A required-field message on the city goes once a city is chosen.
    await city.fill('');
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await expect(city).toHaveAttribute('aria-invalid', 'true');
    await openLocationPanel(page);
    await cityButtons(page).first().click();
    await expect(locationPanel(page)).toBeHidden();
    await expect(city).toHaveValue('Москва');
    await expect(city).toHaveAttribute('aria-invalid', 'false');
  });
});

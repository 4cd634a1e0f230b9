import { expect, test, type Page } from './helpers/test';
import { waitForContent } from './helpers/api';
import { clickCallbackOpener } from './helpers/forms';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { recordFetches, type FetchCall } from './helpers/fetches';
import { screenshotPath } from './helpers/screens';
import { settle } from './helpers/timing';

/**
 * A page that must never blank (issue 19): each lazily loaded chunk is made to fail in turn (Playwright aborts its
 * request, as a flaky mobile network would), and only its own widget degrades; a chunk gone after a release (a 404)
 * reloads the page once to the new build, never in a loop; a page chunk that fails keeps the header; and a first
 * load leaves the console clean (no React Router `HydrateFallback` warning).
 */

/** Console warnings and errors of the page, as text. */
function recordConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') messages.push(`${message.type()}: ${message.text()}`);
  });
  return messages;
}

/** The header still works: it is there, and the search opens and closes. */
async function expectHeaderWorks(page: Page, isMobile: boolean) {
  const head = page.getByTestId('top-panel-head');
  await expect(head).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Что-то пошло не так' })).toHaveCount(0);
  const opener = page.getByTestId(isMobile ? 'header-search-icon' : 'header-search-field');
  await opener.click();
  const search = page.getByRole('dialog', { name: 'Поиск' });
  await expect(search.getByRole('combobox')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();
}

const PANEL_ERROR = 'Возникла неопределенная ошибка';

/**
 * Before a page may reload for a missing file, `lib/release-reload.ts` asks the server with a `HEAD` whether the file is
 * gone (a 404, a new release) or the network failed: the reload can only follow that probe's answer. The page's
 * fetches are recorded from its start (call before `goto`); answers the probes of the current document once they
 * have all been answered, so a check that no reload follows is made after the page's decision.
 */
async function chunkProbes(page: Page) {
  const fetches = await recordFetches(page);
  return async (): Promise<FetchCall[]> => {
    const probes = async () => (await fetches.calls()).filter((call) => call.method === 'HEAD' && call.path.includes('/assets/'));
    await expect.poll(async () => (await probes()).every((probe) => probe.settled)).toBe(true);
    await settle(page);
    return probes();
  };
}

test.describe('a lazy chunk that fails degrades only its own widget', () => {
  test('the slide cart: its panel shows the error and a retry that loads it', async ({ page, isMobile }) => {
    const chunk = /\/assets\/slide-cart-content-[^/]+\.js$/;
    await page.route(chunk, (route) => route.abort());
    await page.goto('/');
    await waitForContent(page);
    await page.getByTestId('mini-cart').click();
    const dialog = page.getByRole('dialog', { name: 'Корзина' });
    await expect(dialog.getByRole('alert')).toHaveText(PANEL_ERROR);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.locator('main h1')).toBeVisible();
    await expectHeaderWorks(page, isMobile);

    // The network is back: "Повторить" loads the chunk anew.
    await page.unroute(chunk);
    await page.getByTestId('mini-cart').click();
    await dialog.getByRole('button', { name: 'Повторить' }).click();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expect(dialog.getByText('Ваша корзина пуста')).toBeVisible();
  });

  test('the callback form: its panel shows the error; the phone field works without its number data', async ({ page, isMobile }, testInfo) => {
    const form = /\/assets\/server-form-[^/]+\.js$/;
    await page.route(form, (route) => route.abort());
    await page.goto('/');
    await waitForContent(page);
    await clickCallbackOpener(page);
    const dialog = page.getByRole('dialog', { name: 'Заказать звонок' });
    await expect(dialog.getByRole('alert')).toHaveText(PANEL_ERROR);
    await page.screenshot({ path: screenshotPath(`${testInfo.project.name}-chunk-failed-panel.png`) });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Below 1043 px the callback opened from the contacts panel, which Escape closes next.
    if (isMobile) await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectHeaderWorks(page, isMobile);
    await page.unroute(form);

    // intl-tel-input's number data (its own chunk) failing leaves a plain phone field in a working form.
    await page.route(/\/assets\/utils-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/feedback/');
    await waitForContent(page);
    const phone = page.getByRole('textbox', { name: /Телефон/ });
    await expect(phone).toBeVisible();
    await phone.fill('+7 912 345-67-89');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectHeaderWorks(page, isMobile);
  });

  test('a page chunk that fails shows the error screen inside the page, the header kept', async ({ page, isMobile }) => {
    await page.route(/\/assets\/reviews-route-[^/]+\.js$/, (route) => route.abort());
    const probes = await chunkProbes(page);
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.goto('/');
    await waitForContent(page);
    await page.goto('/reviews/');
    const main = page.locator('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Что-то пошло не так' })).toBeVisible();
    await expect(page.getByTestId('top-panel-head')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByTestId('mini-cart')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // A network failure is no new release: once the probe has failed too, the page stays (no reload loop).
    const answers = (await probes()).map((probe) => probe.status);
    expect(answers.length, 'the page asked whether the file is gone').toBeGreaterThan(0);
    expect(answers, 'the probe failed as the network did').toEqual(answers.map(() => null));
    expect(loads).toBe(2);
    await expect(main.getByRole('heading', { level: 1, name: 'Что-то пошло не так' })).toBeVisible();
    if (!isMobile) await expect(page.getByTestId('header-search-field')).toBeVisible();
  });
});

test('a chunk gone after a release (404) reloads the page once, then the panel shows its error', async ({ page }) => {
  await page.route(/\/assets\/server-form-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
  const probes = await chunkProbes(page);
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  await page.goto('/');
  await waitForContent(page);
  expect(loads).toBe(1);
  await clickCallbackOpener(page);
  // The missing file reloads the page to the "new release".
  await expect.poll(() => loads).toBe(2);
  await waitForContent(page);
  // Still missing after the reload: no second reload, the panel says it cannot load.
  await clickCallbackOpener(page);
  const dialog = page.getByRole('dialog', { name: 'Заказать звонок' });
  await expect(dialog.getByRole('alert')).toHaveText(PANEL_ERROR);
  // The file was reloaded for once already: the reloaded page does not even ask again, so no reload can follow.
  expect(await probes(), 'no probe after the reload').toEqual([]);
  expect(loads).toBe(2);
});

// Both widths: each width renders other components at first load.
test('a first load leaves the console clean: no HydrateFallback warning, no error', { tag: '@responsive' }, async ({ page }) => {
  const messages = recordConsole(page);
  for (const path of ['/', '/catalog/', '/contacts/', '/personal/cart/']) {
    await page.goto(path);
    await waitForContent(page);
  }
  expect(messages).toEqual([]);
});

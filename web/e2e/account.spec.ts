import { expect, test, type Page, type TestInfo } from './helpers/test';
import { getJson, waitForContent, type ApiOffer } from './helpers/api';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { captchaWord, phoneInput, sql } from './helpers/forms';
import { screenshotPath } from './helpers/screens';

/**
 * Accounts (issue 7; spec §2 "User icon", §6): the guest's login slide panel, failed and successful log-ins, the
 * logged-in user's dropdown menu, registration, the guest gate of /personal/, the order history and the password
 * reset through the link the shop mails. Each test has its own browser context (session) and its own e-mail.
 */

const PASSWORD = 'correct horse battery';

/** An e-mail no other test uses. */
function uniqueEmail(testInfo: TestInfo): string {
  // The local part stays well under the 64 characters an address allows.
  return `e2e-${testInfo.project.name}-${testInfo.testId.slice(0, 8)}-${Date.now().toString(36)}@example.ru`.toLowerCase();
}

const userWidget = (page: Page) => page.getByTestId('top-panel-head').getByTestId('user-widget');

/** Registers `email` through the API in the page's session (so the page is logged in after a reload). */
async function registerThroughApi(page: Page, email: string, name = 'Иван Петров') {
  const session = await getJson<{ sessid: string }>(page.request, '/api/session');
  const response = await page.request.post('/api/auth/register', {
    data: { email, password: PASSWORD, name },
    headers: { 'X-CSRF-Token': session.sessid },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Logs the page's session out through the API and reloads the page, which then shows the guest. */
async function logOutThroughApi(page: Page) {
  const session = await getJson<{ sessid: string }>(page.request, '/api/session');
  await page.request.post('/api/auth/logout', { headers: { 'X-CSRF-Token': session.sessid } });
  await page.reload();
  await waitForContent(page);
}

/** Opens the login panel from the header. */
async function openLoginPanel(page: Page) {
  await userWidget(page).click();
  const dialog = page.getByRole('dialog', { name: 'Вход в личный кабинет' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('login panel', () => {
  // Both widths: the login slide panel's axe scan and screenshot, laid out per width.
  test('a guest icon opens the panel titled "Вход в личный кабинет"; a wrong password is refused, the right one logs in', { tag: '@responsive' }, async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo);
    await page.goto('/catalog/');
    await waitForContent(page);
    await registerThroughApi(page, email);
    await logOutThroughApi(page);

    await expect(userWidget(page)).toHaveAccessibleName('Личный кабинет: войти');
    const dialog = await openLoginPanel(page);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: screenshotPath(`${testInfo.project.name}-login-panel.png`) });
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Пароль').fill('wrong password');
    await dialog.getByRole('button', { name: 'Войти' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Неверный e-mail или пароль.');

    await dialog.getByLabel('Пароль').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Войти' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/catalog\/$/);
    await expect(userWidget(page)).toHaveAccessibleName('Меню пользователя Иван Петров');
  });

  // Both widths: the user menu drops from the head's icon, placed per width.
  test('the logged-in icon toggles the dropdown; an outside click and Escape close it; "Выйти" logs out', { tag: '@responsive' }, async ({ page }, testInfo) => {
    await page.goto('/');
    await waitForContent(page);
    await registerThroughApi(page, uniqueEmail(testInfo));
    await page.reload();
    await waitForContent(page);

    await userWidget(page).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    for (const name of ['Личный кабинет', 'Мои заказы', 'Избранное', 'Выйти']) {
      await expect(menu.getByRole('menuitem', { name })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: screenshotPath(`${testInfo.project.name}-user-menu.png`) });
    await userWidget(page).click();
    await expect(menu).toBeHidden();
    await userWidget(page).click();
    await expect(menu).toBeVisible();
    await page.mouse.click(5, 400);
    await expect(menu).toBeHidden();
    await userWidget(page).click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await userWidget(page).click();
    await menu.getByRole('menuitem', { name: 'Выйти' }).click();
    await expect(userWidget(page)).toHaveAccessibleName('Личный кабинет: войти');
    const session = await getJson<{ user: unknown }>(page.request, '/api/session');
    expect(session.user).toBeNull();
  });

  test('registration inside the panel logs the new shopper in', async ({ page }, testInfo) => {
    await page.goto('/');
    await waitForContent(page);
    const dialog = await openLoginPanel(page);
    await dialog.getByRole('button', { name: 'Регистрация' }).click();
    const form = page.getByRole('dialog', { name: 'Регистрация' });
    await form.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await expect(form.getByLabel('Имя')).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Имя').fill('Мария');
    await form.getByLabel('E-mail').fill(uniqueEmail(testInfo));
    await form.getByLabel(/^Новый пароль/).fill('short');
    await form.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await expect(form.getByLabel(/^Новый пароль/)).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page);
    await form.getByLabel(/^Новый пароль/).fill(PASSWORD);
    await form.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await expect(form).toBeHidden();
    await expect(userWidget(page)).toHaveAccessibleName('Меню пользователя Мария');
  });

  test('after many failed log-ins from elsewhere the owner is asked for the captcha, logs in with it and is mailed', { tag: '@responsive' }, async ({ page }, testInfo) => {
    // Issue 34: wrong passwords from anywhere locked the account against its owner. The shop here allows 100
    // failures per account (playwright.config.ts): 100 from two other clients, through X-Forwarded-For.
    // Each is a password check (argon2, slow by design): the hundred took 25-31 s on the 2-core CI machine
    // (2026-12-02, past the 30 s timeout on PostgreSQL), so this test has three times the time.
    test.slow();
    const email = uniqueEmail(testInfo);
    await page.goto('/catalog/');
    await waitForContent(page);
    await registerThroughApi(page, email);
    await logOutThroughApi(page);
    const session = await getJson<{ sessid: string }>(page.request, '/api/session');
    // Two addresses of this try's own: each address has its own limit across tests and retries.
    const net = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let n = 0; n < 100; n++) {
      const response = await page.request.post('/api/auth/login', {
        data: { email, password: 'a wrong guess' },
        headers: { 'X-CSRF-Token': session.sessid, 'X-Forwarded-For': `${net}.${(n % 2) + 1}` },
      });
      expect(response.status()).toBe(401);
    }

    const dialog = await openLoginPanel(page);
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Войти' }).click();
    const code = dialog.getByLabel('Код с картинки');
    await expect(code).toBeFocused();
    await expect(code).toHaveAccessibleDescription('Много неудачных попыток входа: введите код с картинки');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: screenshotPath(`${testInfo.project.name}-login-captcha.png`) });
    // A wrong code brings a new picture; the right one logs in.
    await code.fill('22222');
    await dialog.getByRole('button', { name: 'Войти' }).click();
    await expect(dialog.getByLabel('Код с картинки')).toHaveAccessibleDescription('Код с картинки введён неверно: введите новый');
    await dialog.getByLabel('Код с картинки').fill(await captchaWord(dialog));
    await dialog.getByRole('button', { name: 'Войти' }).click();
    await expect(dialog).toBeHidden();
    await expect(userWidget(page)).toHaveAccessibleName('Меню пользователя Иван Петров');
    expect(sql("SELECT COUNT(*) FROM outbox WHERE topic = 'login_alert' AND recipient = ?1", email)).toBe('1');
  });
});

test.describe('personal area', () => {
  // Both widths: the personal page's axe scan and screenshot.
  test('a guest on /personal/ gets the login panel and lands back on the page', { tag: '@responsive' }, async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo);
    await page.goto('/');
    await waitForContent(page);
    await registerThroughApi(page, email, 'Олег');
    await logOutThroughApi(page);

    await page.goto('/personal/');
    const dialog = page.getByRole('dialog', { name: 'Вход в личный кабинет' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Пароль').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Войти' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/personal\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Личный кабинет' })).toBeVisible();
    await expect(page.getByLabel('Имя')).toHaveValue('Олег');

    // The profile saves a phone through the forms' phone field.
    const phone = await phoneInput(page.getByRole('main'));
    await phone.click();
    await phone.pressSequentially('9123456789');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Данные сохранены.')).toBeVisible();
    const me = await getJson<{ phone: string }>(page.request, '/api/me');
    expect(me.phone.replace(/\D/g, '')).toBe('79123456789');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: screenshotPath(`${testInfo.project.name}-personal.png`), fullPage: true });
  });

  // Both widths: the order history's axe scan and screenshot.
  test('the order history shows an order placed before, with its details', { tag: '@responsive' }, async ({ page }, testInfo) => {
    await page.goto('/');
    await waitForContent(page);
    await registerThroughApi(page, uniqueEmail(testInfo));
    const session = await getJson<{ sessid: string }>(page.request, '/api/session');
    const offers = await getJson<{ items: ApiOffer[] }>(page.request, '/api/offers?available=Y&perPage=1');
    const offer = offers.items[0]!;
    const headers = { 'X-CSRF-Token': session.sessid };
    await page.request.post('/api/basket/items', { data: { offerId: offer.id, quantity: 2 }, headers });
    const placed = await page.request.post('/api/orders', {
      data: { name: 'Иван', phone: '+7 912 345-67-89', email: '', city: 'Пермь', address: '', deliveryMethod: 'pickup', paymentMethod: 'cash', comment: '' },
      headers,
    });
    expect(placed.status()).toBe(201);
    const { number } = (await placed.json()) as { number: string };

    await page.goto('/personal/orders/');
    await waitForContent(page);
    const row = page.getByTestId('my-order');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`Заказ № ${number}`);
    await expect(row).toContainText('2');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: screenshotPath(`${testInfo.project.name}-my-orders.png`), fullPage: true });
    await row.getByRole('link', { name: `Заказ № ${number}` }).click();
    await expect(page).toHaveURL(new RegExp(`/personal/orders/${number}/$`));
    await expect(page.getByTestId('order-line')).toContainText(offer.name.slice(0, 20));
  });

  // Both widths: the password reset page's axe scan and screenshot.
  test('a password reset link from the outbox sets a new password once', { tag: '@responsive' }, async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo);
    await page.goto('/');
    await waitForContent(page);
    await registerThroughApi(page, email);
    await logOutThroughApi(page);

    const dialog = await openLoginPanel(page);
    await dialog.getByRole('button', { name: 'Забыли пароль?' }).click();
    const reset = page.getByRole('dialog', { name: 'Восстановление пароля' });
    await reset.getByLabel('E-mail').fill(email);
    await reset.getByRole('button', { name: 'Получить ссылку' }).click();
    await expect(reset.getByRole('status')).toContainText('Если этот адрес зарегистрирован');

    // The link is made after the answer (issue 20: an answer that waited for it told which e-mails have an account).
    const lastResetMail = () =>
      sql("SELECT text_body FROM outbox WHERE topic = 'password_reset' AND recipient = ?1 ORDER BY id DESC LIMIT 1", email);
    await expect.poll(lastResetMail).toContain('password-reset');
    const body = lastResetMail();
    const link = /https?:\/\/\S+\/personal\/password-reset\/\?token=[\w-]+/.exec(body)?.[0];
    expect(link, body).toBeTruthy();
    const url = new URL(link!);
    await page.goto(`${url.pathname}${url.search}`);
    // The page renders in the browser (a private page): scan it once its heading is there, not its empty shell.
    await waitForContent(page);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: screenshotPath(`${testInfo.project.name}-password-reset.png`) });
    await page.getByLabel(/^Новый пароль/).fill('a brand new password');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await expect(page.getByText('Пароль изменён. Войдите с новым паролем.')).toBeVisible();

    // The link works once.
    await page.reload();
    await page.getByLabel(/^Новый пароль/).fill('another new password');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await expect(page.getByRole('alert')).toContainText('Ссылка недействительна');

    const login = await openLoginPanel(page);
    await login.getByLabel('E-mail').fill(email);
    await login.getByLabel('Пароль').fill('a brand new password');
    await login.getByRole('button', { name: 'Войти' }).click();
    await expect(userWidget(page)).toHaveAccessibleName('Меню пользователя Иван Петров');
  });
});

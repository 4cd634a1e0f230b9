import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page, type TestInfo } from './helpers/test';
import { getJson, waitForContent, type ApiOffer } from './helpers/api';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { requireDatabase, sql } from './helpers/forms';
import { sendAsVisitor } from './helpers/lists';
import { vitrinaBinary } from './helpers/reviews';
import { screenshotPath } from './helpers/screens';

/**
 * The back office (issue 37): a manager made with the CLI sets their password through the one-time link, logs in at
 * `/admin/`, finds a shopper's order by phone and moves it to shipped with a comment; the shopper's account then shows
 * it. And no shop page loads the back office's chunks.
 */

const PASSWORD = 'correct horse battery';

/** A value no other test of this run uses. */
function unique(testInfo: TestInfo): string {
  return `${testInfo.project.name}-${testInfo.testId.slice(0, 6)}-${Date.now().toString(36)}`.toLowerCase();
}

/** A Russian mobile number no other test uses, as the checkout's phone field takes it. */
function uniquePhone(): { typed: string; digits: string } {
  const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  return { typed: `+7 915 ${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`, digits };
}

/** `vitrina staff add EMAIL --role ROLE` on the e2e database; the one-time link it printed. */
function addStaff(email: string, role: 'owner' | 'manager', baseURL: string): string {
  const db = requireDatabase('staff are added with the vitrina CLI on the e2e database');
  const printed = execFileSync(
    vitrinaBinary(),
    ['staff', 'add', email, '--role', role, '--public-url', baseURL, '--db', db],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const link = printed.split(/\s+/).find((word) => word.includes('/admin/set-password#'));
  if (!link) throw new Error(`no link in ${printed}`);
  return link;
}

/** A shopper with an account orders one offer with `phone`; their page and the order's number. */
async function shopperOrders(browser: Browser, email: string, phone: string): Promise<{ page: Page; number: string }> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  await waitForContent(page);
  await sendAsVisitor(page, 'POST', '/api/auth/register', { email, password: PASSWORD, name: 'Анна Смирнова' });
  const offers = await getJson<{ items: ApiOffer[] }>(page.request, '/api/offers?available=Y&perPage=1');
  await sendAsVisitor(page, 'POST', '/api/basket/items', { offerId: offers.items[0]!.id, quantity: 1 });
  const placed = (await sendAsVisitor(page, 'POST', '/api/orders', {
    name: 'Анна Смирнова',
    phone,
    phoneCountry: 'ru',
    email,
    city: 'Пермь',
    deliveryMethod: 'pickup',
    paymentMethod: 'cash',
  })) as { number: string };
  return { page, number: placed.number };
}

// Both widths: the list, the order page and the dialog laid out per width, each scanned by axe.
test('a manager finds an order by phone and ships it with a comment; the shopper sees it in their account', { tag: '@responsive' }, async ({ page, browser, baseURL }, testInfo) => {
  const id = unique(testInfo);
  const phone = uniquePhone();
  const shopper = await shopperOrders(browser, `shopper-${id}@example.ru`, phone.typed);
  const managerEmail = `manager-${id}@shop.test`;
  const link = addStaff(managerEmail, 'manager', baseURL!);

  // The one-time link sets the password; then the log-in.
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await page.getByLabel('Новый пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page.getByRole('status')).toHaveText('Пароль сохранён. Теперь войдите.');
  await page.getByRole('link', { name: 'Ко входу' }).click();
  await expect(page.getByRole('heading', { name: 'Вход в бэк-офис' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('E-mail').fill(managerEmail);
  await page.getByLabel('Пароль').fill('not the password');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('alert')).toHaveText('Неверный e-mail или пароль.');
  await page.getByLabel('Пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { name: 'Заказы', level: 1 })).toBeVisible();
  await expect(page.getByTestId('staff-email')).toHaveText(managerEmail);

  // Found by the phone's digits as a person types them.
  await page.getByRole('searchbox').fill(`915 ${phone.digits.slice(0, 3)} ${phone.digits.slice(3)}`);
  await page.getByRole('button', { name: 'Найти' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Найдено заказов' })).toHaveText('Найдено заказов: 1');
  await expect(page.getByTestId('admin-order')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: screenshotPath(`${testInfo.project.name}-admin-orders.png`), fullPage: true });

  await page.getByRole('link', { name: `Заказ № ${shopper.number}` }).click();
  await expect(page.getByRole('heading', { name: `Заказ № ${shopper.number}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId('admin-order-status')).toHaveText('Новый');
  // Usable at 375 px: nothing runs past the screen's edge (the lines' table scrolls inside itself).
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Изменить статус' }).click();
  const dialog = page.getByRole('dialog', { name: `Статус заказа № ${shopper.number}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: 'Отправлен' }).check();
  await dialog.getByLabel('Комментарий (его увидит покупатель)').fill('Трек-номер RA123456');
  await expect(dialog.getByRole('checkbox', { name: 'Отправить покупателю письмо' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: screenshotPath(`${testInfo.project.name}-admin-status-dialog.png`) });
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('admin-order-status')).toHaveText('Отправлен');
  await expect(page.getByTestId('admin-history')).toHaveCount(1);
  await expect(page.getByTestId('admin-history')).toContainText('Трек-номер RA123456');
  await expect(page.getByTestId('admin-history')).toContainText(managerEmail);
  await page.screenshot({ path: screenshotPath(`${testInfo.project.name}-admin-order.png`), fullPage: true });

  // The shopper's account shows the new status, and the order page the comment.
  await shopper.page.goto('/personal/orders/');
  await expect(shopper.page.getByTestId('my-order-status').first()).toHaveText('Отправлен');
  await shopper.page.goto(`/personal/orders/${shopper.number}/`);
  await expect(shopper.page.getByTestId('order-status')).toHaveText('Статус: Отправлен');
  await expect(shopper.page.getByTestId('order-step')).toContainText('Трек-номер RA123456');
  await shopper.page.context().close();
});

test('a status changed by someone else meanwhile is said in the dialog, and the order is shown anew', async ({ page, browser, baseURL }, testInfo) => {
  const id = unique(testInfo);
  const shopper = await shopperOrders(browser, `shopper-${id}@example.ru`, uniquePhone().typed);
  await shopper.page.context().close();
  const email = `owner-${id}@shop.test`;
  await page.goto(addStaff(email, 'owner', baseURL!).replace(/^https?:\/\/[^/]+/, ''));
  await page.getByLabel('Новый пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await page.getByRole('link', { name: 'Ко входу' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { name: 'Заказы', level: 1 })).toBeVisible();
  await page.goto(`/admin/orders/${shopper.number}`);
  await page.getByRole('button', { name: 'Изменить статус' }).click();
  const dialog = page.getByRole('dialog');
  // Another staff member (the CLI here) cancels the order while the dialog is open.
  execFileSync(vitrinaBinary(), ['orders', 'set-status', shopper.number, 'cancelled', '--db', requireDatabase()], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await dialog.getByRole('radio', { name: 'Принят' }).check();
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Заказ уже изменил другой сотрудник: теперь он «Отменён». Проверьте и выберите снова.',
  );
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(page.getByTestId('admin-order-status')).toHaveText('Отменён');
  await expect(page.getByText('Статус окончательный, изменить его нельзя.')).toBeVisible();
  await expect(page.getByTestId('admin-history')).toHaveCount(2);
});

// Both widths: the guest's order page, laid out per width.
test('a guest opens their order through the confirmation mail’s link and sees its status; a wrong link finds nothing', { tag: '@responsive' }, async ({ page }, testInfo) => {
  const email = `guest-${unique(testInfo)}@example.ru`;
  await page.goto('/');
  await waitForContent(page);
  const offers = await getJson<{ items: ApiOffer[] }>(page.request, '/api/offers?available=Y&perPage=1');
  await sendAsVisitor(page, 'POST', '/api/basket/items', { offerId: offers.items[0]!.id, quantity: 1 });
  const placed = (await sendAsVisitor(page, 'POST', '/api/orders', {
    name: 'Гость',
    phone: uniquePhone().typed,
    phoneCountry: 'ru',
    email,
    city: 'Пермь',
    deliveryMethod: 'pickup',
    paymentMethod: 'cash',
  })) as { number: string };
  const mail = sql("SELECT text_body FROM outbox WHERE recipient = ?1 AND topic = 'order_confirmation'", email);
  const link = /https?:\/\/\S+\/personal\/order\/status\/#\S+/.exec(mail)?.[0];
  expect(link, mail).toBeTruthy();
  // Another browser, no session: the link alone opens the order.
  const guest = await (await page.context().browser()!.newContext()).newPage();
  await guest.goto(link!.replace(/^https?:\/\/[^/]+/, ''));
  await expect(guest.getByTestId('order-number')).toContainText(`Заказ № ${placed.number}`);
  await expect(guest.getByTestId('order-status')).toHaveText('Статус: Новый');
  await expectNoSeriousA11yViolations(guest);
  await guest.screenshot({ path: screenshotPath(`${testInfo.project.name}-guest-order.png`), fullPage: true });
  await guest.goto('/personal/order/status/#not-a-token');
  await expect(guest.getByRole('heading', { name: 'Заказ не найден' })).toBeVisible();
  await guest.context().close();
});

test('no shop page loads the back office’s chunks', async ({ page }) => {
  // The chunks only the back office's module reaches, from the build's manifest.
  type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };
  const manifestPath = path.resolve(import.meta.dirname, '../dist/.vite/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
  const reach = (key: string, seen: Set<string>, skip = '') => {
    if (key === skip || seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])]) {
      reach(next, seen, skip);
    }
  };
  const admin = new Set<string>();
  reach('src/admin/admin-app.tsx', admin);
  // Everything the shop can load, every lazy page included, but not through the back office's own route.
  const shared = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) reach(key, shared, 'src/admin/admin-app.tsx');
  }
  const adminOnly = [...admin].filter((key) => !shared.has(key)).map((key) => `/${manifest[key]!.file}`);
  expect(adminOnly.length).toBeGreaterThan(0);

  const loaded: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') loaded.push(new URL(request.url()).pathname);
  });
  for (const url of ['/', '/catalog/', '/personal/orders/', '/search/?q=конструктор']) {
    await page.goto(url);
    await waitForContent(page);
  }
  expect(loaded.length).toBeGreaterThan(0);
  expect(loaded.filter((file) => adminOnly.includes(file))).toEqual([]);
});

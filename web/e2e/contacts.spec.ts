import { execFileSync } from 'node:child_process';
import { expect, type Page, renderInBrowser, test } from './helpers/test';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { waitForContent } from './helpers/api';
import { postReview, publishReviews, requireModeration, vitrinaBinary } from './helpers/reviews';
import { screenshotPath } from './helpers/screens';
import { externalBaseURL } from './helpers/servers';
import { clock, everyDay, importStores, restoreDemoStores, storeNow, testStore } from './helpers/stores';

/**
 * The contacts panel, the store map, the contacts page and the shop's rating (issue 8; spec §2 "Contacts panel", §3,
 * §4, §7, §8, §9) at 1280 and 375 px against the real binary. Each test loads its own store with the real
 * `vitrina stores import`, its hours set around the test's own time in the store's time zone, and the demo store
 * is put back afterwards. The tests change the shop's stores and reviews: they run one after another.
 */
test.describe.configure({ mode: 'serial' });

test.afterEach(async () => {
  if (!externalBaseURL()) await restoreDemoStores();
});

/** Opens the contacts panel from the head and waits for its store. */
async function openContacts(page: Page) {
  await page.getByTestId('top-panel-head').getByTestId('contacts-widget').click();
  const dialog = page.getByRole('dialog', { name: 'Контакты' });
  await expect(dialog.getByTestId('contacts-panel')).toBeVisible();
  return dialog;
}

// Both widths: the head's contacts block and the panel differ by width (axe scan, screenshots).
test('open now: status, today, the weekly toggle both ways, every link, the map marker; axe passes', { tag: '@responsive' }, async ({ page }, testInfo) => {
  // Open from two hours ago to two hours ahead, every day (a span past midnight continues next morning). The times
  // are taken once: the clock may pass a minute before they are checked.
  const now = storeNow();
  const [opens, closes] = [clock(-120, now), clock(120, now)];
  await importStores([testStore(everyDay(opens, closes))]);
  await page.goto('/');
  await waitForContent(page);
  const widget = page.getByTestId('contacts-widget');
  if (testInfo.project.name === 'desktop') await expect(widget).toContainText('+375 (17) 000-00-01');
  const dialog = await openContacts(page);
  await expect(dialog.getByRole('heading', { name: 'Тестовый магазин' })).toBeVisible();
  await expect(dialog.getByTestId('store-address')).toHaveText(/Минск, пр\. Независимости, 1/);
  await expect(dialog.getByTestId('hours-status')).toHaveText(`Открыто до ${closes}`);
  await expect(dialog.getByTestId('hours-today')).toContainText(`Сегодня: ${opens} – ${closes}`);

  // The week takes the today row's place (issue 19, as the original template): its first row's up-arrow folds it
  // and brings the today row back. Focus follows the control standing in for the one pressed.
  const toggle = dialog.getByRole('button', { name: 'Режим работы на неделю' });
  const week = dialog.getByTestId('hours-week');
  await expect(week).toBeHidden();
  await toggle.click();
  await expect(week).toBeVisible();
  await expect(dialog.getByTestId('hours-today')).toHaveCount(0);
  await expect(toggle).toHaveCount(0);
  const fold = dialog.getByRole('button', { name: 'Скрыть режим работы' });
  await expect(fold).toHaveAttribute('aria-expanded', 'true');
  await expect(fold).toBeFocused();
  await expect(week.getByRole('row').first().getByRole('button', { name: 'Скрыть режим работы' })).toBeVisible();
  await expect(week.getByRole('row')).toHaveCount(7);
  await expect(week.locator(`tr[data-day="${now.day}"] th`)).toHaveText('Сегодня');
  await expect(week.locator('tr[data-today]')).toHaveCount(1);
  await page.screenshot({ path: screenshotPath(`contacts-week-${testInfo.project.name}.png`) });
  await fold.press('Enter');
  await expect(week).toBeHidden();
  await expect(dialog.getByTestId('hours-today')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Режим работы на неделю' })).toBeFocused();

  // Every link and its description.
  const links = dialog.getByTestId('contact-list');
  const expected: [string, string][] = [
    ['+375 (17) 000-00-01', 'tel:+375170000001'],
    ['+375 29 000-00-02', 'https://wa.me/375290000002'],
    ['+375 29 000-00-03', 'viber://chat?number=%2B375290000003'],
    ['@test_shop', 'https://t.me/test_shop'],
    ['test.shop', 'https://www.instagram.com/test.shop'],
    ['shop@test.example', 'mailto:shop@test.example'],
  ];
  for (const [name, href] of expected) await expect(links.getByRole('link', { name, exact: true }).first()).toHaveAttribute('href', href);
  await expect(links.locator('[data-kind="skype"] a')).toHaveAttribute('href', 'skype:test.shop?chat');
  for (const description of ['Отдел продаж', 'Заказы', 'Канал', 'Письма']) await expect(links).toContainText(description);

  // Then the map: the marker at the store with its popup (no tiles in the e2e shop: a plain background).
  const map = dialog.getByRole('region', { name: 'Карта: Тестовый магазин' });
  await map.scrollIntoViewIfNeeded();
  const marker = map.getByRole('button', { name: 'Тестовый магазин' });
  await expect(marker).toBeVisible();
  await marker.click();
  const popup = map.locator('.leaflet-popup');
  await expect(popup).toContainText('Тестовый магазин');
  await expect(popup).toContainText('Минск, пр. Независимости, 1');
  await expect(popup.getByRole('link', { name: 'Подробнее' })).toHaveAttribute('href', '/contacts/#store-7');
  await page.screenshot({ path: screenshotPath(`contacts-panel-${testInfo.project.name}.png`) });
  await expectNoSeriousA11yViolations(page);

  // "Подробнее" leads to the store's card on the contacts page and closes the panel.
  await popup.getByRole('link', { name: 'Подробнее' }).click();
  await expect(page).toHaveURL('/contacts/#store-7');
  await expect(dialog).toBeHidden();
  await expect(page.locator('#store-7')).toBeFocused();
});

test('closed now, a break now, open 24 hours and a day off read as the spec says', async ({ page }) => {
  // One instant for every time below: the clock may pass a minute while they are written.
  const now = storeNow();
  const at = (offset: number) => clock(offset, now);
  const cases: { week: ReturnType<typeof everyDay>; status: string; today: string; breakLine?: string }[] = [
    { week: everyDay(at(60), at(180)), status: 'Закрыто', today: `Сегодня: ${at(60)} – ${at(180)}` },
    {
      week: everyDay(at(-180), at(180), at(-60), at(60)),
      status: 'Закрыто',
      today: `Сегодня: ${at(-180)} – ${at(180)}`,
      breakLine: `Перерыв ${at(-60)} – ${at(60)}`,
    },
    { week: everyDay('00:00', '00:00'), status: 'Открыто', today: 'Сегодня: Круглосуточно' },
    {
      week: everyDay('10:00', '18:00').map((d) => (d.day === now.day ? { ...d, WORK_START: null, WORK_END: null } : d)),
      status: 'Закрыто',
      today: 'Сегодня: Выходной',
    },
  ];
  for (const { week, status, today, breakLine } of cases) {
    await importStores([testStore(week)]);
    await page.goto('/');
    const dialog = await openContacts(page);
    await expect(dialog.getByTestId('hours-status'), today).toHaveText(status);
    await expect(dialog.getByTestId('hours-today')).toContainText(today);
    if (breakLine) await expect(dialog.getByTestId('hours-break')).toHaveText(breakLine);
    else await expect(dialog.getByTestId('hours-break')).toBeEmpty();
  }
});

test('a break from 13:00 to 13:00 is no break, and a week without today shows at once with no arrow', async ({ page }) => {
  const now = storeNow();
  await importStores([testStore(everyDay('00:00', '00:00', '13:00', '13:00'))]);
  await page.goto('/');
  let dialog = await openContacts(page);
  await expect(dialog.getByTestId('hours-today')).toContainText('Сегодня: Круглосуточно');
  await expect(dialog.getByTestId('hours-break')).toBeEmpty();
  await dialog.getByRole('button', { name: 'Режим работы на неделю' }).click();
  await expect(dialog.getByTestId('hours-week')).not.toContainText('Перерыв');

  // No entry for today: the week at once, no toggle and no up-arrow (there is no today row to go back to).
  await importStores([testStore(everyDay('10:00', '18:00').filter((d) => d.day !== now.day))]);
  await page.goto('/');
  dialog = await openContacts(page);
  await expect(dialog.getByTestId('hours-week')).toBeVisible();
  await expect(dialog.getByTestId('hours-week').getByRole('row')).toHaveCount(6);
  await expect(dialog.getByTestId('hours-today')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Режим работы на неделю' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Скрыть режим работы' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('when the map\'s code, styles or tiles fail, the contacts stay and no error alert takes over (spec §4)', async ({ page }) => {
  const failing = [/\/assets\/store-map-[^/]+\.js$/, /\/assets\/store-map-[^/]+\.css$/];
  for (const pattern of failing) {
    await page.route(pattern, (route) => route.abort());
    await page.goto('/');
    const dialog = await openContacts(page);
    await expect(dialog.getByTestId('store-address')).toBeVisible();
    await expect(dialog.getByTestId('store-map')).toHaveCount(0);
    await expect(dialog.getByRole('status')).toHaveCount(0);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expect(dialog.getByTestId('contact-list')).toBeVisible();
    await page.unroute(pattern);
  }
});

test('the rating: "Оставить первый отзыв" without reviews, then stars, count and the rate attribute at or below 4.4', async ({ page }) => {
  const db = requireModeration();
  // Start from no published reviews (other specs leave some): the owner deletes them.
  const listed = execFileSync(vitrinaBinary(), ['reviews', 'list', '--db', db], { encoding: 'utf8' });
  const ids = listed.split('\n').filter(Boolean).map((line) => String((JSON.parse(line) as { id: number }).id));
  if (ids.length > 0) execFileSync(vitrinaBinary(), ['reviews', 'delete', ...ids, '--db', db]);

  await page.goto('/');
  let dialog = await openContacts(page);
  const first = dialog.getByRole('link', { name: 'Оставить первый отзыв' });
  await expect(first).toHaveAttribute('href', '/reviews/#add-review');
  await first.click();
  await expect(page).toHaveURL('/reviews/#add-review');
  await expect(dialog).toBeHidden();

  // 4 + 4 + 5 = 13 / 3 = 4.33 → 4.3: at or below 4.4, so rate="4".
  const posted = [];
  for (const rating of [4, 4, 5]) posted.push(await postReview(page, { rating, name: 'Покупатель', text: 'Хороший магазин' }));
  await publishReviews(posted.map((p) => p.review.id));
  await page.goto('/');
  dialog = await openContacts(page);
  const stars = dialog.getByRole('img', { name: 'Рейтинг магазина 4,3 из 5' });
  await expect(stars).toHaveAttribute('data-rate', '4');
  await expect(dialog.getByRole('link', { name: '3 отзыва' })).toHaveAttribute('href', '/reviews/');
  await expectNoSeriousA11yViolations(page);

  // Two fives more: 23 / 5 = 4.6, above 4.4: no rate attribute.
  const more = [];
  for (const rating of [5, 5]) more.push(await postReview(page, { rating, name: 'Покупатель', text: 'Отлично' }));
  await publishReviews(more.map((p) => p.review.id));
  await page.goto('/');
  dialog = await openContacts(page);
  const high = dialog.getByRole('img', { name: 'Рейтинг магазина 4,6 из 5' });
  await expect(high).toBeVisible();
  await expect(high).not.toHaveAttribute('data-rate');
  await expect(dialog.getByRole('link', { name: '5 отзывов' })).toBeVisible();
});

// Both widths: two slide panels stacked, placed per width.
test('"Заказать звонок" opens the callback panel above the contacts panel; Escape closes only the callback panel', { tag: '@responsive' }, async ({ page }, testInfo) => {
  await page.goto('/');
  const contacts = await openContacts(page);
  await contacts.getByRole('button', { name: 'Заказать звонок' }).click();
  const callback = page.getByRole('dialog', { name: 'Заказать звонок' });
  await expect(callback.getByLabel('Ваше имя')).toBeVisible();
  // The callback panel is the topmost: it is later in the stack and covers the contacts panel.
  const box = await callback.boundingBox();
  const covering = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('[role="dialog"]')?.getAttribute('aria-labelledby'), [box!.x + box!.width / 2, box!.y + box!.height / 2]);
  expect(covering).toBe(await callback.getAttribute('aria-labelledby'));
  await page.screenshot({ path: screenshotPath(`contacts-callback-${testInfo.project.name}.png`) });
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(callback).toBeHidden();
  await expect(contacts).toBeVisible();
  await expect(contacts.getByRole('button', { name: 'Заказать звонок' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(contacts).toBeHidden();
  await expect(page.getByTestId('contacts-widget')).toBeFocused();
});

test('Leaflet and the map stylesheets are fetched only when a map is first shown, after the store (spec §4)', async ({ page }) => {
  const mapFiles: string[] = [];
  // Spec §4: the panel loads today's hours, builds its contents, then loads the map.
  const order: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/store-map-[^/]+\.(js|css)$/.test(request.url())) {
      mapFiles.push(request.url());
      order.push('map');
    }
  });
  page.on('response', (response) => {
    if (/\/api\/stores\/\d+$/.test(response.url())) order.push('store');
  });
  await page.goto('/');
  await waitForContent(page);
  await expect(page.getByTestId('contacts-widget')).toBeVisible();
  expect(mapFiles, 'nothing of the map before it is shown').toEqual([]);
  const dialog = await openContacts(page);
  await expect(dialog.getByTestId('store-map')).toBeVisible();
  await expect.poll(() => mapFiles.some((url) => url.endsWith('.js'))).toBe(true);
  expect(mapFiles.some((url) => url.endsWith('.css')), 'the map stylesheet comes with it').toBe(true);
  expect(order[0], 'the store answer comes before any of the map').toBe('store');
});

test('a store answer the panel cannot build gives the SLIDE_PANEL_UNDEFINED_ERROR alert', async ({ page }) => {
  await page.route(/\/api\/stores\/\d+$/, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"content":null}' }));
  await page.goto('/');
  await page.getByTestId('contacts-widget').click();
  const dialog = page.getByRole('dialog', { name: 'Контакты' });
  await expect(dialog.getByRole('alert')).toHaveText('Возникла неопределенная ошибка');
  await expectNoSeriousA11yViolations(page);
});

// Both widths: the head's controls differ by width.
test('without contacts data the block stays out of the head, logs code -1, and the rest works', { tag: '@responsive' }, async ({ page, isMobile }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await renderInBrowser(page);
  await page.route('**/api/stores', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[]}' }));
  await page.goto('/');
  await waitForContent(page);
  const head = page.getByTestId('top-panel-head');
  await expect.poll(() => errors.some((text) => text.includes('error code -1'))).toBe(true);
  await expect(head.getByTestId('contacts-widget')).toHaveCount(0);
  await expect(head.locator('[data-area="contacts"]')).toBeEmpty();
  // The callback stays reachable from the head at every width, and the other widgets work.
  await expect(head.getByRole('button', { name: 'Заказать звонок' })).toBeVisible();
  await head.getByRole('button', { name: 'Заказать звонок' }).click();
  await expect(page.getByRole('dialog', { name: 'Заказать звонок' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Заказать звонок' })).toBeHidden();
  await expect(head.getByTestId('mini-cart')).toBeVisible();
  await expect(head.getByTestId('user-widget')).toBeVisible();
  await expect(head.getByRole('button', { name: isMobile ? 'Открыть поиск' : 'Каталог' })).toBeVisible();
});

// Both widths: the contacts page and the map panel's axe scans and screenshot.
test('the contacts page lists the stores with the map, and a store\'s map opens in a slide panel; axe passes', { tag: '@responsive' }, async ({ page }, testInfo) => {
  await importStores([
    testStore(everyDay('09:00', '21:00')),
    testStore(everyDay('10:00', '20:00'), { id: 8, name: 'Второй магазин', address: 'Гродно, ул. Советская, 2', map: { lat: 53.6694, lon: 23.8131 } }),
  ]);
  await page.goto('/contacts/');
  await expect(page.getByRole('heading', { level: 1, name: 'Контакты' })).toBeVisible();
  await expect(page).toHaveTitle(/Контакты/);
  const map = page.getByRole('region', { name: 'Карта: Контакты' });
  await expect(map.getByRole('button', { name: 'Тестовый магазин' })).toBeVisible();
  await expect(map.getByRole('button', { name: 'Второй магазин' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Второй магазин' })).toBeVisible();
  await page.screenshot({ path: screenshotPath(`contacts-page-${testInfo.project.name}.png`), fullPage: true });
  await expectNoSeriousA11yViolations(page);

  const card = page.locator('#store-8');
  const opener = card.getByRole('button', { name: 'Показать на карте' });
  await opener.click();
  const panel = page.getByRole('dialog', { name: 'Второй магазин' });
  await expect(panel).toContainText('Гродно, ул. Советская, 2');
  await expect(panel.getByRole('region', { name: 'Карта: Второй магазин' }).getByRole('button', { name: 'Второй магазин' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(opener).toBeFocused();

  // The page's head for search engines: a schema.org Store per store.
  const html = await (await page.request.get('/contacts/')).text();
  expect(html.match(/"@type":"Store"/g)).toHaveLength(2);
});

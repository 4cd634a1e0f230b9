import { expect, type Locator, type Page, renderInBrowser, test } from './helpers/test';
import { waitForContent } from './helpers/api';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import {
  getReviewPage,
  postReview,
  publishReviews,
  requireModeration,
  reviewsCountText,
  uniqueReviewer,
  type PostedReview,
  type ReviewPage,
} from './helpers/reviews';
import { screenshotPath } from './helpers/screens';

/**
 * The reviews page (issue 8; spec §2 "a link to the reviews page (or an add-review button when there are no
 * reviews)"): the published reviews newest first with their mean rating and count, paging, and the add-review form
 * `#add-review`. The e2e server does not publish reviews by itself: a new one waits for moderation, and the tests
 * publish theirs with `vitrina reviews publish`. Every test shares the one shop with the others, at both widths and
 * in any order, so none counts on an empty shop: they compare with the API before and after, or look for their own
 * reviews by a name no other test uses.
 */

/** The add-review form. */
const reviewForm = (page: Page) => page.locator('#add-review');
/** The rendered reviews of the page. */
const reviewItems = (page: Page) => page.getByTestId('review');
/** The rendered review written by `name`. */
const reviewBy = (page: Page, name: string) => reviewItems(page).filter({ has: page.getByText(name, { exact: true }) });
const summary = (page: Page) => page.getByTestId('reviews-summary');

/** A mean rating as the page writes it in Russian: one decimal after a comma (`4,6`). */
const ratingText = (value: number) => value.toFixed(1).replace('.', ',');

/** Opens `/reviews/` (with `suffix`) and waits until the list, or its empty state, has arrived. */
async function openReviews(page: Page, suffix = '') {
  await page.goto(`/reviews/${suffix}`);
  await waitForContent(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Отзывы' })).toBeVisible();
}

/**
 * Chooses `stars` (`1 звезда` … `5 звёзд`) as a shopper does, by clicking the drawn star: the radio inside its label
 * is visually hidden (clipped to nothing), so it is not clicked itself.
 */
async function chooseStars(form: Locator, stars: string) {
  const radio = form.getByRole('radio', { name: stars });
  await form.locator('label', { has: form.page().getByRole('radio', { name: stars }) }).click();
  await expect(radio).toBeChecked();
}

/** Fills the add-review form: the stars, the name and the text. */
async function fillReview(form: Locator, stars: string, name: string, text: string) {
  await chooseStars(form, stars);
  await form.getByRole('textbox', { name: /^Ваше имя/ }).fill(name);
  await form.getByRole('textbox', { name: /^Отзыв/ }).fill(text);
}

/** Answers `GET /api/reviews` for this page with `answer` (the POST goes through). */
async function routeReviews(page: Page, answer: ReviewPage) {
  await renderInBrowser(page);
  await page.route('**/api/reviews?*', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(answer) })
      : route.fallback(),
  );
}

const FAKE_REVIEW = { id: 1, rating: 5, name: 'Анна', text: 'Отлично', createdAt: '2026-01-15T10:00:00Z' };

test.describe('reviews list', () => {
  test('the count says отзыв / отзыва / отзывов as Russian grammar wants, with the mean rating', async ({ page }) => {
    for (const total of [1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 1002]) {
      await page.unrouteAll();
      await routeReviews(page, { items: [FAKE_REVIEW], page: 1, perPage: 10, total, ratingValue: 4.6 });
      await openReviews(page);
      await expect(summary(page), `total ${total}`).toContainText(reviewsCountText(total));
    }
    await expect(summary(page)).toContainText('4,6');
    await expect(summary(page).getByRole('img')).toHaveAccessibleName('Средняя оценка 4,6 из 5');
  });

  test('without published reviews the page says so and shows no rating; past the last page it leads back', async ({ page }) => {
    await routeReviews(page, { items: [], page: 1, perPage: 10, total: 0, ratingValue: null });
    await openReviews(page);
    await expect(page.getByText('Отзывов пока нет. Будьте первым!')).toBeVisible();
    await expect(summary(page)).toHaveCount(0);
    await expect(reviewItems(page)).toHaveCount(0);
    await expect(reviewForm(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Past the last page (the server answers no items but the count): a way back to the first page.
    await page.unrouteAll();
    await routeReviews(page, { items: [], page: 9999, perPage: 10, total: 25, ratingValue: 4.2 });
    await openReviews(page, '?page=9999');
    await expect(page.getByText('Такой страницы нет.')).toBeVisible();
    await expect(summary(page)).toContainText('25 отзывов');
    await expectNoSeriousA11yViolations(page);
    await page.unrouteAll();
    await page.getByRole('main').getByRole('link', { name: 'К первой странице' }).click();
    await expect(page).toHaveURL(/\/reviews\/$/);
    await expect(page.getByText('Такой страницы нет.')).toHaveCount(0);
  });
});

test.describe('add-review form', () => {
  // Both widths: the reviews page's form and its messages, scanned by axe, laid out per width.
  test('the empty form names every field: stars, name and text get aria-invalid and a message; focus goes to the stars', { tag: '@responsive' }, async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/reviews') posts.push(request.url());
    });
    await openReviews(page);
    const form = reviewForm(page);
    await expect(form.getByRole('heading', { name: 'Оставить отзыв' })).toBeVisible();
    await form.getByRole('button', { name: 'Отправить отзыв' }).click();

    const stars = form.getByRole('radiogroup', { name: /^Оценка/ });
    const name = form.getByRole('textbox', { name: /^Ваше имя/ });
    const text = form.getByRole('textbox', { name: /^Отзыв/ });
    await expect(stars).toHaveAttribute('aria-invalid', 'true');
    await expect(stars).toHaveAccessibleDescription('Поставьте оценку от 1 до 5');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Заполните поле');
    await expect(text).toHaveAttribute('aria-invalid', 'true');
    await expect(text).toHaveAccessibleDescription(/^Заполните поле/);
    await expect(form.getByRole('alert')).toHaveText(['Поставьте оценку от 1 до 5', 'Заполните поле', 'Заполните поле']);
    await expect(form.getByRole('radio', { name: '1 звезда' })).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    expect(posts, 'an invalid form is not sent').toEqual([]);

    // A field's message goes once it changes; the others stay.
    await name.fill('Иван');
    await expect(name).toHaveAttribute('aria-invalid', 'false');
    await expect(form.getByRole('alert')).toHaveCount(2);
    await chooseStars(form, '3 звезды');
    await expect(stars).not.toHaveAttribute('aria-invalid');
    await expect(form.getByRole('alert')).toHaveText(['Заполните поле']);
    // Blank text is still empty.
    await text.fill('   ');
    await form.getByRole('button', { name: 'Отправить отзыв' }).click();
    await expect(text).toHaveAttribute('aria-invalid', 'true');
    await expect(text).toBeFocused();
    expect(posts).toEqual([]);
  });

  test('the server\'s answers: "published" thanks so, a 422 lands under its field, a 429 above the form', async ({ page }) => {
    // Answers the real server gives only with VITRINA_REVIEWS_AUTOPUBLISH, for text the form does not send, or after
    // a burst of submissions: each POST gets the next one.
    const answers = [
      { status: 422, body: { errors: [{ code: 'FORMS_VALUE_TOO_LONG', field: 'text', detail: 'too long' }] } },
      { status: 429, body: { errors: [{ code: 'RATE_LIMITED', field: null, detail: 'try again in 60 s' }] } },
      {
        status: 201,
        body: { status: 'published', review: { ...FAKE_REVIEW, name: 'Мария', text: 'Всё хорошо' } },
      },
    ];
    await page.route('**/api/reviews', (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const answer = answers.shift()!;
      return route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) });
    });
    await openReviews(page);
    const form = reviewForm(page);
    const submit = form.getByRole('button', { name: 'Отправить отзыв' });
    const text = form.getByRole('textbox', { name: /^Отзыв/ });
    await fillReview(form, '5 звёзд', 'Мария', 'Всё хорошо');

    await submit.click();
    await expect(text).toHaveAttribute('aria-invalid', 'true');
    await expect(text).toHaveAccessibleDescription(/^Слишком длинный текст/);
    await expect(text).toBeFocused();
    await expect(form.getByRole('alert')).toHaveText(['Слишком длинный текст']);

    await submit.click();
    await expect(form.getByRole('alert')).toHaveText(['Слишком много отзывов подряд. Попробуйте позже.']);
    await expect(text).toHaveAttribute('aria-invalid', 'false');
    // Nothing typed is lost.
    await expect(text).toHaveValue('Всё хорошо');
    await expect(form.getByRole('radio', { name: '5 звёзд' })).toBeChecked();
    await expectNoSeriousA11yViolations(page);

    await submit.click();
    await expect(form.getByRole('status')).toHaveText('Спасибо! Ваш отзыв опубликован.');
    await expect(form.getByRole('alert')).toHaveCount(0);
    await expect(text).toHaveValue('');
    expect(answers).toEqual([]);
  });

  test('a sent review is thanked as pending and stays out of the list; published, it shows as plain text and counts', async ({ page }, testInfo) => {
    requireModeration();
    const name = uniqueReviewer(`Отзыв ${testInfo.project.name}`);
    const text = 'Очень <b>bold</b> понравилось & всё пришло\nвторая строка';
    const before = await getReviewPage(page);
    await openReviews(page);
    const form = reviewForm(page);
    await fillReview(form, '4 звезды', name, text);

    const posted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/reviews' && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Отправить отзыв' }).click();
    const answer = await posted;
    expect(answer.status()).toBe(201);
    const { review, status } = (await answer.json()) as PostedReview;
    expect(status).toBe('pending');
    expect(review.name).toBe(name);

    await expect(form.getByRole('status')).toHaveText('Спасибо! Отзыв появится после проверки.');
    // The form is emptied for another review.
    await expect(form.getByRole('textbox', { name: /^Ваше имя/ })).toHaveValue('');
    await expect(form.getByRole('textbox', { name: /^Отзыв/ })).toHaveValue('');
    await expect(form.getByRole('radio', { checked: true })).toHaveCount(0);
    await expect(reviewBy(page, name)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    const stillPending = await getReviewPage(page);
    expect(stillPending.items.map((item) => item.id)).not.toContain(review.id);
    await page.reload();
    await waitForContent(page);
    await expect(reviewBy(page, name)).toHaveCount(0);

    await publishReviews([review.id]);
    await page.reload();
    await waitForContent(page);
    const shown = reviewBy(page, name);
    await expect(shown).toHaveCount(1);
    await expect(shown.getByRole('img')).toHaveAccessibleName('Оценка 4 из 5');
    // The text is text: the tag shows as typed, no element comes of it; the line break is kept.
    const paragraph = shown.locator('p').filter({ hasText: 'bold' });
    await expect(paragraph).toHaveCount(1);
    expect(await paragraph.innerText()).toBe(text);
    await expect(shown.locator('b')).toHaveCount(0);
    await expect(shown.locator('time')).toHaveAttribute('datetime', review.createdAt);

    // The header counts it: the count with its plural and the mean rating, as the API has them now.
    const after = await getReviewPage(page);
    expect(after.total).toBeGreaterThanOrEqual(before.total + 1);
    await expect(summary(page)).toContainText(reviewsCountText(after.total));
    await expect(summary(page)).toContainText(ratingText(after.ratingValue!));
    await expect(summary(page).getByRole('img')).toHaveAccessibleName(`Средняя оценка ${ratingText(after.ratingValue!)} из 5`);
    await expectNoSeriousA11yViolations(page);
    // The reload restored the scroll position of the form: the screenshots start at the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    // Below 1043 px the top panel's foot slides back in at the top (300 ms): let it finish.
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
    await page.screenshot({ path: screenshotPath(`${testInfo.project.name}-reviews.png`) });
    await page.screenshot({ path: screenshotPath(`${testInfo.project.name}-reviews-full.png`), fullPage: true });
  });

  // Both widths: the sticky head's height differs by width.
  test('/reviews/#add-review scrolls to the form, below the sticky header, and focuses it; so does "Написать отзыв"', { tag: '@responsive' }, async ({ page }, testInfo) => {
    await openReviews(page, '#add-review');
    const form = reviewForm(page);
    await expect(form).toBeFocused();
    await expect(form).toBeInViewport();
    const title = form.getByRole('heading', { name: 'Оставить отзыв' });
    await expect(title).toBeInViewport();
    const header = await page.getByRole('banner').boundingBox();
    const titleBox = await title.boundingBox();
    expect(titleBox!.y, 'the sticky header does not cover the form title').toBeGreaterThanOrEqual(header!.y + header!.height);
    await page.screenshot({ path: screenshotPath(`${testInfo.project.name}-reviews-add.png`) });

    await openReviews(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(form).not.toBeFocused();
    await page.getByRole('main').getByRole('link', { name: 'Написать отзыв' }).click();
    await expect(page).toHaveURL(/\/reviews\/#add-review$/);
    await expect(form).toBeFocused();
    await expect(title).toBeInViewport();
  });

  test('eleven more reviews make a second page: its link opens ?page=2 with the older ones, "Назад" returns', async ({ page }, testInfo) => {
    requireModeration();
    await openReviews(page);
    const prefix = uniqueReviewer(`Пейджинг ${testInfo.project.name}`);
    const ids: number[] = [];
    for (let n = 1; n <= 11; n += 1) {
      const { review } = await postReview(page, { rating: (n % 5) + 1, name: `${prefix} №${n}`, text: `Отзыв номер ${n}` });
      ids.push(review.id);
    }
    await publishReviews(ids);
    const first = await getReviewPage(page, 1);
    const second = await getReviewPage(page, 2);
    expect(first.total).toBeGreaterThanOrEqual(11);
    expect(second.items.length).toBeGreaterThan(0);

    await page.reload();
    await waitForContent(page);
    await expect(reviewItems(page)).toHaveCount(10);
    // Newest first: the last one sent heads the first page.
    await expect(reviewItems(page).first()).toContainText(`${prefix} №11`);
    const pages = page.getByRole('navigation', { name: 'Страницы' });
    await expect(pages.getByRole('link', { name: 'Страница 1' })).toHaveAttribute('aria-current', 'page');
    await pages.getByRole('link', { name: 'Страница 2' }).click();

    await expect(page).toHaveURL(/\/reviews\/\?page=2$/);
    await expect(pages.getByRole('link', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
    await expect(reviewItems(page)).toHaveCount(second.items.length);
    await expect(reviewItems(page).first()).toContainText(second.items[0]!.name);
    await expect(reviewBy(page, first.items[0]!.name)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Отзывы' })).toBeInViewport();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: screenshotPath(`${testInfo.project.name}-reviews-page-2.png`), fullPage: true });

    // A reload keeps page 2 (it is in the address); "Назад" leads to the first page's plain address.
    await page.reload();
    await waitForContent(page);
    await expect(reviewItems(page).first()).toContainText(second.items[0]!.name);
    await pages.getByRole('link', { name: /Назад/ }).click();
    await expect(page).toHaveURL(/\/reviews\/$/);
    await expect(reviewItems(page).first()).toContainText(first.items[0]!.name);
  });
});

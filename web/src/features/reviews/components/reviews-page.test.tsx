import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiGet, resetCsrfToken } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { mockApi, requestedUrls, type MockAnswer } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import type { Review, ReviewPage } from '@/lib/api/types';
import { ReviewsPage } from './reviews-page';

const PER_PAGE = 10;

function review(id: number, overrides: Partial<Review> = {}): Review {
  return {
    id,
    rating: 5,
    name: `Покупатель ${id}`,
    text: `Отзыв ${id}`,
    createdAt: `2026-03-${String(10 + (id % 18)).padStart(2, '0')}T09:30:00Z`,
    ...overrides,
  };
}

/** A page of `total` reviews (ids from the newest), `ratingValue` 4.6 unless none. */
function page(n: number, total: number, overrides: Partial<ReviewPage> = {}): ReviewPage {
  const first = (n - 1) * PER_PAGE;
  const count = Math.max(0, Math.min(PER_PAGE, total - first));
  return {
    items: Array.from({ length: count }, (_, index) => review(total - first - index)),
    page: n,
    perPage: PER_PAGE,
    total,
    ratingValue: total > 0 ? 4.6 : null,
    ...overrides,
  };
}

interface FakeServer {
  /** The `GET /api/reviews` answer for a page. */
  reviews?: (pageNumber: number) => MockAnswer;
  /** The `POST /api/reviews` answer for a body. */
  post?: (body: Record<string, unknown>) => MockAnswer;
}

function mockReviewsApi({ reviews = (n) => page(n, 3), post }: FakeServer = {}) {
  let storesLoads = 0;
  const fetchMock = mockApi({
    '/api/session': { sessid: 'token-1', user: null, location: null, settings: { mapTiles: null } },
    '/api/reviews': (url: URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        if (post) return post(body);
        return { status: 201, body: { status: 'published', review: review(99, body as Partial<Review>) } };
      }
      return reviews(Number(url.searchParams.get('page') ?? '1'));
    },
    '/api/stores': () => {
      storesLoads += 1;
      return { items: [] };
    },
  });
  const calls = (method: string) =>
    fetchMock.mock.calls.filter(
      ([input, init]) =>
        new URL(String(input), 'http://localhost').pathname === '/api/reviews' && (init?.method ?? 'GET') === method,
    );
  const pagesAsked = () =>
    requestedUrls(fetchMock)
      .filter((url, index) => url.pathname === '/api/reviews' && (fetchMock.mock.calls[index]![1]?.method ?? 'GET') === 'GET')
      .map((url) => url.searchParams.get('page'));
  return { fetchMock, calls, pagesAsked, storesLoads: () => storesLoads };
}

/** A stand-in for the contacts panel's stores query: a new review must reload it (its rating and count). */
function StoresProbe() {
  const stores = useQuery({ queryKey: ['stores', 'list'], queryFn: () => apiGet('/api/stores') });
  return <output data-testid="stores">{stores.dataUpdatedAt}</output>;
}

function renderPage(url = '/reviews/') {
  const user = userEvent.setup();
  const view = renderWithApp(
    <>
      <ReviewsPage />
      <StoresProbe />
    </>,
    { url },
  );
  return { user, ...view };
}

const list = () => screen.getByRole('list', { name: 'Отзывы покупателей' });
const form = () => screen.getByRole('form', { name: 'Оставить отзыв' });
const stars = () => within(form()).getByRole('radiogroup', { name: 'Оценка' });
const nameField = () => within(form()).getByRole('textbox', { name: /^Ваше имя/ });
const textField = () => within(form()).getByRole('textbox', { name: /^Отзыв/ });
const submit = () => within(form()).getByRole('button', { name: 'Отправить отзыв' });

afterEach(() => resetCsrfToken());

describe('ReviewsPage: the list', () => {
  it('shows the heading, the mean rating with the count, and the reviews newest first with stars, name and date', async () => {
    mockReviewsApi({
      reviews: () => ({
        ...page(1, 21),
        items: [
          review(21, { rating: 4, name: 'Анна', text: 'Быстрая доставка', createdAt: '2026-03-21T12:13:56Z' }),
          review(20, { rating: 2, name: 'Олег' }),
        ],
      }),
    });
    renderPage();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Отзывы');
    await waitFor(() => expect(list()).toBeInTheDocument());
    expect(screen.getByRole('img', { name: 'Средняя оценка 4,6 из 5' })).toBeInTheDocument();
    expect(screen.getByTestId('reviews-summary')).toHaveTextContent('4,6');
    expect(screen.getByTestId('reviews-summary')).toHaveTextContent('21 отзыв');

    const [first, second] = within(list()).getAllByRole('listitem');
    expect(within(first!).getByRole('img', { name: 'Оценка 4 из 5' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Анна');
    expect(first).toHaveTextContent('Быстрая доставка');
    const time = first!.querySelector('time')!;
    expect(time).toHaveAttribute('datetime', '2026-03-21T12:13:56Z');
    expect(time).toHaveTextContent(formatDateTime('2026-03-21T12:13:56Z', 'ru'));
    expect(within(second!).getByRole('img', { name: 'Оценка 2 из 5' })).toBeInTheDocument();
    expect(second).toHaveTextContent('Олег');
  });

  it('shows a review text as text, never as HTML, keeping its line breaks', async () => {
    const text = '<b>Жирно</b> <img src=x onerror="alert(1)">\nВторая строка';
    mockReviewsApi({ reviews: () => ({ ...page(1, 1), items: [review(1, { text, name: '<i>Иван</i>' })] }) });
    renderPage();
    await waitFor(() => expect(list()).toBeInTheDocument());
    const item = within(list()).getByRole('listitem');
    expect(item.querySelector('b, img, i')).toBeNull();
    expect(within(item).getByText((_, element) => element?.textContent === text && element.tagName === 'P')).toBeInTheDocument();
    expect(item).toHaveTextContent('<i>Иван</i>');
  });

  it.each([
    [1, '1 отзыв'],
    [2, '2 отзыва'],
    [4, '4 отзыва'],
    [5, '5 отзывов'],
    [11, '11 отзывов'],
    [21, '21 отзыв'],
    [22, '22 отзыва'],
    [25, '25 отзывов'],
  ])('declines the count of %i reviews: "%s"', async (total, text) => {
    mockReviewsApi({ reviews: (n) => page(n, total) });
    renderPage();
    await waitFor(() => expect(screen.getByTestId('reviews-summary')).toHaveTextContent(text));
  });

  it('links the pages with ?page=N and asks for the page of the address', async () => {
    const api = mockReviewsApi({ reviews: (n) => page(n, 25) });
    const { user } = renderPage();
    await waitFor(() => expect(list()).toBeInTheDocument());
    const pages = screen.getByRole('navigation', { name: 'Страницы' });
    expect(within(pages).getByRole('link', { name: 'Страница 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('link', { name: 'Страница 1' })).toHaveAttribute('href', '/reviews/');
    expect(within(pages).getByRole('link', { name: 'Страница 2' })).toHaveAttribute('href', '/reviews/?page=2');
    expect(within(pages).getByRole('link', { name: 'Страница 3' })).toHaveAttribute('href', '/reviews/?page=3');
    expect(within(list()).getAllByRole('listitem')).toHaveLength(10);

    await user.click(within(pages).getByRole('link', { name: /Вперёд/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/reviews/?page=2');
    await waitFor(() =>
      expect(within(screen.getByRole('navigation', { name: 'Страницы' })).getByRole('link', { name: 'Страница 2' })).toHaveAttribute(
        'aria-current',
        'page',
      ),
    );
    expect(within(list()).getByText('Покупатель 15')).toBeInTheDocument();
    expect(api.pagesAsked()).toEqual(['1', '2']);
  });

  it('opens the page the address names', async () => {
    const api = mockReviewsApi({ reviews: (n) => page(n, 25) });
    renderPage('/reviews/?page=3');
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(5));
    expect(api.pagesAsked()).toEqual(['3']);
  });

  it('without reviews says "Отзывов пока нет. Будьте первым!" and shows no rating', async () => {
    mockReviewsApi({ reviews: (n) => page(n, 0) });
    renderPage();
    expect(await screen.findByText('Отзывов пока нет. Будьте первым!')).toBeInTheDocument();
    expect(screen.queryByTestId('reviews-summary')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Страницы' })).not.toBeInTheDocument();
    // The form is there to be the first.
    expect(form()).toBeInTheDocument();
  });

  it('past the last page offers the first one', async () => {
    mockReviewsApi({ reviews: (n) => page(n, 5) });
    renderPage('/reviews/?page=9');
    expect(await screen.findByText('Такой страницы нет.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'К первой странице' })).toHaveAttribute('href', '/reviews/');
    expect(screen.queryByText('Отзывов пока нет. Будьте первым!')).not.toBeInTheDocument();
  });

  it('a failed load says so and can be retried', async () => {
    let fail = true;
    mockReviewsApi({
      reviews: (n) => (fail ? { status: 500, body: { errors: [{ code: 'INTERNAL', field: null, detail: '' }] } } : page(n, 2)),
    });
    const { user } = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Что-то пошло не так');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(2));
  });
});

describe('ReviewsPage: #add-review', () => {
  it('focuses the form "Оставить отзыв" when the address ends in #add-review', async () => {
    mockReviewsApi({ reviews: (n) => page(n, 12) });
    renderPage('/reviews/#add-review');
    await waitFor(() => expect(form()).toHaveFocus());
    expect(form()).toHaveAttribute('id', 'add-review');
  });

  it('the "Написать отзыв" link moves to the form, keeping the page', async () => {
    mockReviewsApi({ reviews: (n) => page(n, 25) });
    const { user } = renderPage('/reviews/?page=2');
    await waitFor(() => expect(list()).toBeInTheDocument());
    expect(form()).not.toHaveFocus();
    await user.click(screen.getByRole('link', { name: 'Написать отзыв' }));
    await waitFor(() => expect(form()).toHaveFocus());
    expect(screen.getByTestId('location')).toHaveTextContent('/reviews/?page=2');
  });
});

describe('ReviewsPage: the add-review form', () => {
  it('names every missing field on submit, focusing the stars, and sends nothing', async () => {
    const api = mockReviewsApi();
    const { user } = renderPage();
    await user.click(submit());
    expect(stars()).toHaveAttribute('aria-invalid', 'true');
    expect(stars()).toHaveAccessibleDescription('Поставьте оценку от 1 до 5');
    expect(within(stars()).getByRole('radio', { name: '1 звезда' })).toHaveFocus();
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(nameField()).toHaveAccessibleDescription('Заполните поле');
    expect(textField()).toHaveAttribute('aria-invalid', 'true');
    expect(textField()).toHaveAccessibleDescription(expect.stringContaining('Заполните поле'));
    expect(within(form()).getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Поставьте оценку от 1 до 5',
      'Заполните поле',
      'Заполните поле',
    ]);
    expect(api.calls('POST')).toHaveLength(0);

    // A blank text counts as empty; a chosen star takes the rating's message away.
    await user.click(within(stars()).getByRole('radio', { name: '5 звёзд' }));
    expect(stars()).not.toHaveAttribute('aria-invalid');
    await user.type(nameField(), 'Анна');
    await user.type(textField(), '   ');
    await user.click(submit());
    expect(textField()).toHaveAttribute('aria-invalid', 'true');
    expect(textField()).toHaveFocus();
    expect(api.calls('POST')).toHaveLength(0);
  });

  it('refuses a name over 100 and a text over 2000 characters, counting characters as the server does', async () => {
    const api = mockReviewsApi();
    const { user } = renderPage();
    await user.click(within(stars()).getByRole('radio', { name: '3 звезды' }));
    await user.click(nameField());
    await user.paste('я'.repeat(101));
    await user.click(textField());
    await user.paste('ё'.repeat(2001));
    await user.click(submit());
    expect(nameField()).toHaveAccessibleDescription('Слишком длинный текст');
    expect(textField()).toHaveAccessibleDescription(expect.stringContaining('Слишком длинный текст'));
    expect(nameField()).toHaveFocus();
    expect(api.calls('POST')).toHaveLength(0);

    // 100 emoji are 200 UTF-16 units but 100 characters: allowed.
    await user.clear(nameField());
    await user.paste('😀'.repeat(100));
    await user.clear(textField());
    await user.paste('ё'.repeat(2000));
    await user.click(submit());
    await waitFor(() => expect(api.calls('POST')).toHaveLength(1));
  });

  it('sends the trimmed review with the CSRF token; "Спасибо! Ваш отзыв опубликован." and an empty form; the list and the stores reload', async () => {
    const api = mockReviewsApi();
    const { user } = renderPage();
    await waitFor(() => expect(list()).toBeInTheDocument());
    await waitFor(() => expect(api.storesLoads()).toBe(1));
    await user.click(within(stars()).getByRole('radio', { name: '4 звезды' }));
    await user.type(nameField(), '  Анна ');
    await user.type(textField(), ' Всё отлично ');
    await user.click(submit());

    expect(await within(form()).findByRole('status')).toHaveTextContent('Спасибо! Ваш отзыв опубликован.');
    const [[, init]] = api.calls('POST') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ rating: 4, name: 'Анна', text: 'Всё отлично' });
    expect(new Headers(init.headers).get('X-CSRF-Token')).toBe('token-1');
    expect(nameField()).toHaveValue('');
    expect(textField()).toHaveValue('');
    for (const radio of within(stars()).getAllByRole('radio')) expect(radio).not.toBeChecked();
    await waitFor(() => expect(api.calls('GET')).toHaveLength(2));
    await waitFor(() => expect(api.storesLoads()).toBe(2));
  });

  it('says "Спасибо! Отзыв появится после проверки." for a review awaiting moderation', async () => {
    const api = mockReviewsApi({ post: (body) => ({ status: 201, body: { status: 'pending', review: review(7, body as Partial<Review>) } }) });
    const { user } = renderPage();
    await waitFor(() => expect(api.storesLoads()).toBe(1));
    await user.click(within(stars()).getByRole('radio', { name: '1 звезда' }));
    await user.type(nameField(), 'Олег');
    await user.type(textField(), 'Долго');
    await user.click(submit());
    expect(await within(form()).findByRole('status')).toHaveTextContent('Спасибо! Отзыв появится после проверки.');
    expect(within(form()).queryByText('Спасибо! Ваш отзыв опубликован.')).not.toBeInTheDocument();
    expect(nameField()).toHaveValue('');
    // Nothing shown changed until the owner publishes it: no list or stores reload.
    expect(api.calls('GET')).toHaveLength(1);
    expect(api.storesLoads()).toBe(1);
  });

  it("puts the server's 422 errors under their fields and keeps what was typed", async () => {
    mockReviewsApi({
      post: () => ({
        status: 422,
        body: {
          errors: [
            { code: 'REVIEW_RATING_INVALID', field: 'rating', detail: 'an integer from 1 to 5' },
            { code: 'FORMS_VALUE_TOO_LONG', field: 'text', detail: 'at most 2000 characters' },
          ],
        },
      }),
    });
    const { user } = renderPage();
    await user.click(within(stars()).getByRole('radio', { name: '2 звезды' }));
    await user.type(nameField(), 'Анна');
    await user.type(textField(), 'Текст');
    await user.click(submit());
    await waitFor(() => expect(stars()).toHaveAttribute('aria-invalid', 'true'));
    expect(stars()).toHaveAccessibleDescription('Поставьте оценку от 1 до 5');
    expect(within(stars()).getByRole('radio', { name: '2 звезды' })).toHaveFocus();
    expect(textField()).toHaveAccessibleDescription(expect.stringContaining('Слишком длинный текст'));
    expect(nameField()).toHaveAttribute('aria-invalid', 'false');
    expect(nameField()).toHaveValue('Анна');
    expect(within(form()).queryByRole('status')).not.toBeInTheDocument();
  });

  it('says so above the form when the error has no field of the form, or for too many reviews', async () => {
    let answer: MockAnswer = {
      status: 422,
      body: { errors: [{ code: 'SOMETHING_ELSE', field: 'captcha', detail: '' }] },
    };
    mockReviewsApi({ post: () => answer });
    const { user } = renderPage();
    await user.click(within(stars()).getByRole('radio', { name: '5 звёзд' }));
    await user.type(nameField(), 'Анна');
    await user.type(textField(), 'Текст');
    await user.click(submit());
    expect(await within(form()).findByRole('alert')).toHaveTextContent('Не удалось отправить отзыв. Попробуйте ещё раз.');

    answer = { status: 429, body: { errors: [{ code: 'RATE_LIMITED', field: null, detail: '' }] } };
    await user.click(submit());
    await waitFor(() =>
      expect(within(form()).getByRole('alert')).toHaveTextContent('Слишком много отзывов подряд. Попробуйте позже.'),
    );
    expect(nameField()).toHaveValue('Анна');
  });
});

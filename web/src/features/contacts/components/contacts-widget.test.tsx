import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetOverlayStackForTests } from '@/components/ui/overlay/overlay-stack';
import { resetCsrfToken } from '@/lib/api-client';
import { mockApi, requestedUrls, type MockAnswer } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import type { DayHours, Store, TodayHours } from '@/lib/api/types';
import { ContactsWidget } from './contacts-widget';

const WEEK: DayHours[] = (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) => ({
  day,
  WORK_START: day === 'sun' ? null : '09:00',
  WORK_END: day === 'sun' ? null : '21:00',
  BREAK_START: day === 'sat' ? null : '13:00',
  BREAK_END: day === 'sat' ? null : '14:00',
}));

function makeStore(overrides: Partial<Store> = {}): Store {
  return {
    id: 1,
    name: 'Витрина на Никольской',
    previewPicture: null,
    address: 'Москва, ул. Никольская, 10',
    map: null,
    timezone: 'Europe/Moscow',
    workingHours: WEEK,
    phone: [{ value: '+7 (495) 000-00-00', description: 'Магазин' }],
    whatsapp: [{ value: '+7 900 000-00-00', description: null }],
    viber: [],
    telegram: [{ value: '@vitrina_demo', description: 'Новости' }],
    instagram: [],
    email: [{ value: 'shop@vitrina.example', description: null }],
    skype: [],
    ratingValue: 4.6,
    reviewsCount: 21,
    reviewsDeclension: 'отзыв',
    reviewsPageLink: '/reviews/',
    today: {
      day: 'wed',
      status: 'OPEN',
      workStart: '09:00',
      workEnd: '21:00',
      breakStart: '13:00',
      breakEnd: '14:00',
      openUntil: null,
    },
    ...overrides,
  };
}

function today(overrides: Partial<TodayHours>): TodayHours {
  return {
    day: 'wed',
    status: 'OPEN',
    workStart: '09:00',
    workEnd: '21:00',
    breakStart: null,
    breakEnd: null,
    openUntil: null,
    ...overrides,
  };
}

function serve({ list, one }: { list?: MockAnswer; one?: MockAnswer } = {}) {
  const store = makeStore();
  return mockApi({
    '/api/session': { sessid: 't', user: null, location: null, settings: { mapTiles: null } },
    '/api/stores': list ?? [store],
    '/api/stores/1': one ?? store,
  });
}

function renderWidget(callback = <button type="button">Заказать звонок</button>) {
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  renderWithApp(<ContactsWidget callback={callback} />, { url: '/catalog/' });
  return user;
}

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByTestId('contacts-widget'));
  return screen.findByRole('dialog', { name: 'Контакты' });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetCsrfToken();
  resetOverlayStackForTests();
});

describe('ContactsWidget', () => {
  it('shows the main phone and today status in the header and opens the panel with the store loaded anew', async () => {
    const fetchMock = serve();
    const user = renderWidget();
    const widget = await screen.findByTestId('contacts-widget');
    expect(widget).toHaveTextContent('+7 (495) 000-00-00');
    expect(widget).toHaveTextContent(/Открыто$/);
    const dialog = await openPanel(user);
    expect(await within(dialog).findByRole('heading', { name: 'Витрина на Никольской' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('store-address')).toHaveTextContent('Москва, ул. Никольская, 10');
    expect(requestedUrls(fetchMock).filter((url) => url.pathname === '/api/stores/1')).toHaveLength(1);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await openPanel(user);
    await waitFor(() => expect(requestedUrls(fetchMock).filter((url) => url.pathname === '/api/stores/1')).toHaveLength(2));
  });

  it('shows today open with the break, and the week with today titled "Сегодня" behind a toggle', async () => {
    serve();
    const user = renderWidget();
    const dialog = await openPanel(user);
    const status = await within(dialog).findByTestId('hours-status');
    expect(status).toHaveTextContent('Открыто');
    expect(status).toHaveAttribute('data-status', 'OPEN');
    expect(within(dialog).getByTestId('hours-today')).toHaveTextContent('Сегодня: 09:00 – 21:00');
    expect(within(dialog).getByTestId('hours-break')).toHaveTextContent('Перерыв 13:00 – 14:00');
    const toggle = within(dialog).getByRole('button', { name: 'Режим работы на неделю' });
    const week = within(dialog).getByTestId('hours-week');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(week).not.toBeVisible();
    await user.click(toggle);
    // The week takes today's row's place; the up-arrow on its first row folds it, and has the focus.
    expect(week).toBeVisible();
    expect(within(dialog).queryByTestId('hours-today')).not.toBeInTheDocument();
    const fold = within(dialog).getByRole('button', { name: 'Скрыть режим работы' });
    expect(fold).toHaveAttribute('aria-expanded', 'true');
    expect(fold).toHaveFocus();
    expect(fold.closest('tr')).toBe(within(week).getAllByRole('row')[0]);
    const rows = within(week).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual([
      'Понедельник09:00 – 21:00Перерыв 13:00 – 14:00',
      'Вторник09:00 – 21:00Перерыв 13:00 – 14:00',
      'Сегодня09:00 – 21:00Перерыв 13:00 – 14:00',
      'Четверг09:00 – 21:00Перерыв 13:00 – 14:00',
      'Пятница09:00 – 21:00Перерыв 13:00 – 14:00',
      'Суббота09:00 – 21:00',
      'ВоскресеньеВыходной',
    ]);
    await user.click(fold);
    expect(week).not.toBeVisible();
    expect(within(dialog).getByTestId('hours-today')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Режим работы на неделю' })).toHaveFocus();
  });

  it('shows no break whose start equals its end', async () => {
    serve({ one: makeStore({ today: today({ breakStart: '13:00', breakEnd: '13:00' }) }) });
    const user = renderWidget();
    const dialog = await openPanel(user);
    expect(await within(dialog).findByTestId('hours-today')).toHaveTextContent('Сегодня: 09:00 – 21:00');
    expect(within(dialog).getByTestId('hours-break')).toBeEmptyDOMElement();
  });

  it.each([
    [today({ status: 'CLOSED', workStart: null, workEnd: null }), 'Закрыто', 'Сегодня: Выходной'],
    [today({ workStart: '00:00', workEnd: '00:00' }), 'Открыто', 'Сегодня: Круглосуточно'],
    [today({ openUntil: '21:00' }), 'Открыто до 21:00', 'Сегодня: 09:00 – 21:00'],
    // Last night's shift past midnight, on a day off: open until its end this morning.
    [today({ workStart: null, workEnd: null, openUntil: '04:00' }), 'Открыто до 04:00', 'Сегодня: Выходной'],
    [today({ status: 'CLOSED', breakStart: '13:00', breakEnd: '14:00' }), 'Закрыто', 'Сегодня: 09:00 – 21:00'],
  ])('reads today %#: %s', async (todayHours, statusText, todayText) => {
    serve({ one: makeStore({ today: todayHours }) });
    const user = renderWidget();
    const dialog = await openPanel(user);
    expect((await within(dialog).findByTestId('hours-status')).textContent).toBe(statusText);
    expect(within(dialog).getByTestId('hours-today')).toHaveTextContent(todayText);
  });

  it('without an entry for today shows the week at once, with no toggle', async () => {
    serve({ one: makeStore({ today: null }) });
    const user = renderWidget();
    const dialog = await openPanel(user);
    expect(await within(dialog).findByTestId('hours-week')).toBeVisible();
    expect(within(dialog).queryByTestId('hours-today')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Режим работы на неделю' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Скрыть режим работы' })).not.toBeInTheDocument();
  });

  it('links every contact with its description', async () => {
    serve();
    const user = renderWidget();
    const dialog = await openPanel(user);
    const list = await within(dialog).findByTestId('contact-list');
    expect(within(list).getByRole('link', { name: '+7 (495) 000-00-00' })).toHaveAttribute('href', 'tel:+74950000000');
    expect(within(list).getByRole('link', { name: '+7 900 000-00-00' })).toHaveAttribute('href', 'https://wa.me/79000000000');
    expect(within(list).getByRole('link', { name: '@vitrina_demo' })).toHaveAttribute('href', 'https://t.me/vitrina_demo');
    expect(within(list).getByRole('link', { name: 'shop@vitrina.example' })).toHaveAttribute('href', 'mailto:shop@vitrina.example');
    expect(list).toHaveTextContent('Магазин');
    expect(list).toHaveTextContent('Новости');
    expect(within(list).queryByText('Viber')).not.toBeInTheDocument();
  });

  it('shows the rating with its plural and link, and the rate attribute only at or below 4.4', async () => {
    serve();
    const user = renderWidget();
    let dialog = await openPanel(user);
    const rating = await within(dialog).findByTestId('store-rating');
    expect(within(rating).getByRole('link', { name: '21 отзыв' })).toHaveAttribute('href', '/reviews/');
    expect(within(rating).getByRole('img', { name: 'Рейтинг магазина 4,6 из 5' })).not.toHaveAttribute('data-rate');
    await user.keyboard('{Escape}');
    vi.unstubAllGlobals();
    serve({ one: makeStore({ ratingValue: 4.4, reviewsCount: 5 }) });
    dialog = await openPanel(user);
    const low = await within(dialog).findByRole('img', { name: 'Рейтинг магазина 4,4 из 5' });
    expect(low).toHaveAttribute('data-rate', '4');
    expect(within(dialog).getByRole('link', { name: '5 отзывов' })).toBeInTheDocument();
  });

  it('offers the first review when there is none, and the callback control', async () => {
    serve({ one: makeStore({ ratingValue: null, reviewsCount: 0 }) });
    const user = renderWidget();
    const dialog = await openPanel(user);
    expect(await within(dialog).findByRole('link', { name: 'Оставить первый отзыв' })).toHaveAttribute('href', '/reviews/#add-review');
    expect(within(dialog).getByRole('button', { name: 'Заказать звонок' })).toBeInTheDocument();
  });

  it('shows SLIDE_PANEL_UNDEFINED_ERROR for a store answer it cannot build', async () => {
    serve({ one: { name: 'без адреса' } });
    const user = renderWidget();
    const dialog = await openPanel(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Возникла неопределенная ошибка');
  });

  it.each([
    ['a failed request', { status: 500, body: { errors: [] } }],
    ['an empty list', []],
    ['an unusable answer', { stores: 'nope' }],
  ])('stays out of the header and logs error code -1 after %s', async (_case, list) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    serve({ list });
    renderWidget();
    await waitFor(() => expect(log).toHaveBeenCalledWith(expect.stringContaining('error code -1'), expect.anything()));
    expect(screen.queryByTestId('contacts-widget')).not.toBeInTheDocument();
  });
});

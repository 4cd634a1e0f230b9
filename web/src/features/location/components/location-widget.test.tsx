import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetOverlayStackForTests } from '@/components/ui/overlay/overlay-stack';
import { LOCATION_SEARCH_DELAY_MS } from '@/config/constants';
import { resetCsrfToken, type Location } from '@/lib/api-client';
import { mockApi, requestedUrls, type MockAnswer } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { LocationWidget } from './location-widget';

function city(id: number, name: string, region: string, population: number): Location {
  return { id, name, region, country: 'RU', lat: 55, lon: 37, population };
}

const MOSCOW = city(1, 'Москва', 'Москва', 13_000_000);
const SPB = city(2, 'Санкт-Петербург', 'Санкт-Петербург', 5_600_000);
const KAZAN = city(3, 'Казань', 'Республика Татарстан', 1_300_000);
const KALININGRAD = city(4, 'Калининград', 'Калининградская область', 490_000);
const CITIES = [MOSCOW, SPB, KAZAN, KALININGRAD];

/** Prefix match on the name, case-insensitive, `ё` as `е`, biggest first, like the server. */
function answerCities(url: URL) {
  const fold = (text: string) => text.toLowerCase().replaceAll('ё', 'е');
  const q = fold(url.searchParams.get('q') ?? '');
  return { items: CITIES.filter((c) => fold(c.name).startsWith(q)).sort((a, b) => b.population - a.population) };
}

interface FakeServer {
  location?: Location | null;
  locations?: (url: URL) => MockAnswer;
  choose?: (id: number) => MockAnswer;
}

/** A fake server: the session with its location, the city lists and the choice, which the session then answers. */
function mockLocationApi({ location = null, locations = answerCities, choose }: FakeServer = {}) {
  let current = location;
  const fetchMock = mockApi({
    '/api/session': () => ({ sessid: 'token-1', user: null, location: current, settings: { mapTiles: null } }),
    '/api/locations': (url: URL) => locations(url),
    '/api/location': (_url: URL, init?: RequestInit) => {
      const { id } = JSON.parse(String(init?.body)) as { id: number };
      if (choose) return choose(id);
      const found = CITIES.find((c) => c.id === id);
      if (!found) {
        return { status: 422, body: { errors: [{ code: 'LOCATION_NOT_FOUND', field: 'id', detail: 'unknown' }] } };
      }
      current = found;
      return found;
    },
  });
  const calls = (pathname: string, method = 'GET') =>
    fetchMock.mock.calls.filter(
      ([input, init]) =>
        new URL(String(input), 'http://localhost').pathname === pathname && (init?.method ?? 'GET') === method,
    );
  const locationUrls = () => requestedUrls(fetchMock).filter((url) => url.pathname === '/api/locations');
  return { fetchMock, calls, locationUrls };
}

function renderWidget(element = <LocationWidget />) {
  // Radix sets `pointer-events: none` on the body while a modal is open.
  const user = userEvent.setup({
    pointerEventsCheck: 0,
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  const view = renderWithApp(element, { url: '/catalog/' });
  return { user, ...view };
}

/** The widget's button (`hidden`: while the panel is open Radix hides the page from assistive technology). */
const widget = () => screen.getByTestId('location-widget');
const dialog = () => screen.getByRole('dialog', { name: 'Ваш город' });
const field = () => within(dialog()).getByRole('searchbox', { name: 'Найти город' });
const cityButtons = () => within(dialog()).queryAllByRole('button').filter((button) => button.closest('li'));
const cityNames = () => cityButtons().map((button) => button.firstElementChild?.textContent);

/** Fake timers that Testing Library's async helpers and user-event advance too (see search-box.test.tsx). */
function useFakeTimers() {
  vi.useFakeTimers();
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
}

/** Runs timers `ms` ahead, then settles the mocked `fetch`, React and TanStack's notifications. */
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  for (let round = 0; round < 3; round += 1) await act(() => vi.advanceTimersByTimeAsync(0));
}

afterEach(() => {
  resetOverlayStackForTests();
  resetCsrfToken();
  vi.useRealTimers();
});

describe('LocationWidget', () => {
  it('says "Выберите город" while the session has no location', async () => {
    mockLocationApi();
    renderWidget();
    await waitFor(() => expect(widget()).toHaveTextContent('Выберите город'));
    expect(widget()).toHaveAccessibleName('Выберите город');
    expect(widget()).toHaveAttribute('aria-haspopup', 'dialog');
    expect(widget()).toHaveAttribute('aria-expanded', 'false');
  });

  it("shows the session's city, named for assistive technology as the shopper's city", async () => {
    const api = mockLocationApi({ location: KAZAN });
    renderWidget();
    await waitFor(() => expect(widget()).toHaveTextContent('Казань'));
    expect(widget()).toHaveAccessibleName('Ваш город: Казань');
    // Nothing but the session is asked for until the panel opens.
    expect(api.locationUrls()).toHaveLength(0);
  });

  it('opens the panel "Ваш город" with the focused search field and the popular cities, the current one marked', async () => {
    const api = mockLocationApi({ location: SPB });
    const { user } = renderWidget();
    await waitFor(() => expect(widget()).toHaveTextContent('Санкт-Петербург'));
    await user.click(widget());
    expect(dialog()).toHaveAttribute('aria-modal', 'true');
    expect(field()).toHaveFocus();
    await waitFor(() => expect(cityNames()).toEqual(['Москва', 'Санкт-Петербург', 'Казань', 'Калининград']));
    expect(within(dialog()).getByRole('heading', { name: 'Популярные города' })).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Казань, Республика Татарстан' })).toBeInTheDocument();
    // A city that is its own region (Москва / Москва) is not named twice.
    expect(within(dialog()).getByRole('button', { name: 'Москва' })).toHaveTextContent(/^Москва$/);
    expect(within(dialog()).getByRole('button', { name: /^Санкт-Петербург/ })).toHaveAttribute('aria-current', 'true');
    expect(within(dialog()).getByRole('button', { name: /^Москва/ })).not.toHaveAttribute('aria-current');
    const [url] = api.locationUrls();
    expect(url!.searchParams.has('q')).toBe(false);
    expect(url!.searchParams.get('limit')).toBe('20');
  });

  it(`asks for the typed text ${LOCATION_SEARCH_DELAY_MS} ms after the last keystroke, once`, async () => {
    useFakeTimers();
    const api = mockLocationApi();
    const { user } = renderWidget();
    await advance(0);
    await user.click(widget());
    await advance(0);
    expect(cityNames()).toHaveLength(4);
    expect(api.locationUrls()).toHaveLength(1);

    await user.type(field(), 'Ка');
    await advance(LOCATION_SEARCH_DELAY_MS - 1);
    expect(api.locationUrls()).toHaveLength(1);
    // Still the popular list meanwhile.
    expect(cityNames()).toHaveLength(4);

    await advance(1);
    expect(api.locationUrls()).toHaveLength(2);
    expect(api.locationUrls()[1]!.searchParams.get('q')).toBe('Ка');
    expect(cityNames()).toEqual(['Казань', 'Калининград']);
    expect(within(dialog()).getByRole('heading', { name: 'Найденные города' })).toBeInTheDocument();
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Найдено 2 города');

    // Each keystroke restarts the wait: "зан" typed quickly is one request, for "Казан".
    await user.type(field(), 'зан');
    await advance(LOCATION_SEARCH_DELAY_MS);
    expect(api.locationUrls().map((url) => url.searchParams.get('q'))).toEqual([null, 'Ка', 'Казан']);
    expect(cityNames()).toEqual(['Казань']);
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Найден 1 город');

    // Back to an empty field: the popular cities at once, from the cache.
    await user.clear(field());
    await advance(0);
    expect(cityNames()).toHaveLength(4);
    expect(api.locationUrls()).toHaveLength(3);
  });

  it('says "Город не найден" when no city starts with the text', async () => {
    mockLocationApi();
    const { user } = renderWidget();
    await user.click(widget());
    await user.type(field(), 'Zzz');
    expect(await within(dialog()).findByText('Город не найден')).toBeInTheDocument();
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Город не найден');
    expect(cityButtons()).toHaveLength(0);
  });

  it('choosing a city saves it, closes the panel and shows it in the header at once', async () => {
    const api = mockLocationApi();
    const { user } = renderWidget();
    await waitFor(() => expect(widget()).toHaveTextContent('Выберите город'));
    await user.click(widget());
    await user.click(await within(dialog()).findByRole('button', { name: /^Казань/ }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(widget()).toHaveAccessibleName('Ваш город: Казань');
    expect(widget()).toHaveFocus();
    const [[, init]] = api.calls('/api/location', 'POST') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ id: KAZAN.id });
    expect(new Headers(init.headers).get('X-CSRF-Token')).toBe('token-1');
    // The header followed the answer itself: the session was not asked again.
    expect(api.calls('/api/session')).toHaveLength(1);
  });

  it('keeps the panel open with a message when the server refuses the city', async () => {
    mockLocationApi({
      choose: () => ({ status: 422, body: { errors: [{ code: 'LOCATION_NOT_FOUND', field: 'id', detail: '' }] } }),
    });
    const { user } = renderWidget();
    await user.click(widget());
    await user.click(await within(dialog()).findByRole('button', { name: /^Москва/ }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Этого города нет в списке. Выберите другой.');
    expect(widget()).toHaveTextContent('Выберите город');
  });

  it.each([
    ['a 404 answer', () => ({ status: 404, body: { errors: [{ code: 'API_NOT_FOUND', field: null, detail: '' }] } })],
    ['an answer without items', () => ({ cities: [] })],
    ['an answer whose items are not a list', () => ({ items: 'Москва' })],
  ])('%s shows "Возникла неопределенная ошибка" in the panel', async (_name, answer) => {
    mockLocationApi({ locations: answer });
    const { user } = renderWidget();
    await user.click(widget());
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Возникла неопределенная ошибка');
    expect(cityButtons()).toHaveLength(0);
    // The field stays, so the shopper can try another text.
    expect(field()).toBeInTheDocument();
  });

  it('a failing server ends in the alert after the retries', async () => {
    useFakeTimers();
    const server = { status: 500, body: { errors: [{ code: 'INTERNAL', field: null, detail: '' }] } };
    const api = mockLocationApi({ locations: () => server });
    const { user } = renderWidget();
    await advance(0);
    await user.click(widget());
    await advance(10_000);
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Возникла неопределенная ошибка');
    expect(api.locationUrls()).toHaveLength(3);
  });

  it('is reached and used with the keyboard alone; Escape closes it and focus returns to the button', async () => {
    mockLocationApi();
    const { user } = renderWidget();
    await waitFor(() => expect(widget()).toHaveTextContent('Выберите город'));
    await user.tab();
    expect(widget()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(field()).toHaveFocus();
    await user.keyboard('Кал');
    const kaliningrad = await within(dialog()).findByRole('button', { name: /^Калининград/ });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(widget()).toHaveFocus();
    expect(kaliningrad).not.toBeInTheDocument();

    // Reopened, the field starts empty again; Tab reaches the cities, Enter chooses.
    await user.keyboard('{Enter}');
    expect(field()).toHaveValue('');
    await waitFor(() => expect(cityButtons()).toHaveLength(4));
    await user.tab();
    expect(cityButtons()[0]).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(widget()).toHaveAccessibleName('Ваш город: Москва'));
  });

  it('navigating to another page closes the panel', async () => {
    mockLocationApi();
    const { user, router } = renderWidget();
    await user.click(widget());
    expect(dialog()).toBeInTheDocument();
    await act(() => router.navigate('/catalog/konstruktory/'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});


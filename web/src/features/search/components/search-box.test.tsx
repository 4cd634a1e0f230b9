import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DELAY_MS } from '@/config/constants';
import { searchResultsPath } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { createQueryClient } from '@/lib/query-client';
import { mockApi, requestedUrls } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import type { SearchAnswer, SearchItem } from '../api/search';
import { clearSearchCache } from '../hooks/use-search';
import { SearchBox } from './search-box';
import { makeSearchItem } from '@/test/fixtures';

function item(id: string, overrides: Partial<SearchItem> = {}): SearchItem {
  return makeSearchItem(id, overrides);
}

/** How many matches each text finds; any other text finds nothing. */
const MATCHES: Record<string, number> = { робот: 1, лего: 3, пазл: 5 };

/**
 * The server's answer for `url`: `MATCHES[q]` items, all on the first page of section 1. The first four items of
 * every text differ in prices: a price and an old price, no price (0) and no old price, a price without an old
 * price, an old price without a price (0).
 */
function answerFor(url: URL): SearchAnswer {
  const q = url.searchParams.get('q')!;
  const count = MATCHES[q] ?? 0;
  const items = Array.from({ length: count }, (_, index) => {
    const id = `${q}-${index + 1}`;
    if (index === 0) return item(id, { price: 1480, oldPrice: 1990, parameters: [{ name: 'Возраст', value: '7 лет' }] });
    if (index === 1) return item(id, { price: 0, oldPrice: null });
    if (index === 3) return item(id, { price: 0, oldPrice: 900 });
    return item(id, { price: 500, oldPrice: null });
  });
  return {
    total: count,
    sections: count > 0 ? [{ id: '0', value: 'Все результаты', found: count }, { id: '1', value: 'Конструкторы', found: count }] : [{ id: '0', value: 'Все результаты', found: 0 }],
    items,
    itemsTotal: count,
    partial: false,
    exact: count,
    facets: null,
  };
}

/** A price as the row shows it, whitespace collapsed like `toHaveTextContent` does (the format uses no-break spaces). */
const money = (amount: number) => formatMoney(amount, 'RUB').replace(/\s+/g, ' ');

function clearCookies() {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
}

/**
 * Lets timers run `ms` ms ahead, then settles what is due at that instant (React updates, the mocked `fetch` and
 * TanStack's notifications), as in `use-search.test.tsx`.
 */
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  for (let round = 0; round < 3; round += 1) await act(() => vi.advanceTimersByTimeAsync(0));
}

function renderBox() {
  const onClose = vi.fn();
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const view = renderWithApp(<SearchBox fieldName="test-box" onClose={onClose} />, { url: '/catalog/' });
  return { onClose, user, ...view };
}

/** Types `text` into the field, waits out the search delay and settles the answer. */
async function search(user: ReturnType<typeof userEvent.setup>, text: string) {
  const input = screen.getByRole('combobox');
  await user.clear(input);
  await user.type(input, text);
  await advance(SEARCH_DELAY_MS);
}

const input = () => screen.getByRole('combobox');
const options = () => screen.queryAllByRole('option', { hidden: true });
const location = () => screen.getByTestId('location').textContent;
const live = () => screen.getByTestId('search-live');

beforeEach(() => {
  vi.useFakeTimers();
  // Testing Library's async wrapper (around every user-event call) waits for a setTimeout(0), and advances fake
  // timers only when it sees Jest's; point it at Vitest's (vitest.config restores globals after each test).
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
});

afterEach(() => {
  // The remembered text of the field lives in the module; the query client is the render's own.
  clearSearchCache(createQueryClient());
  clearCookies();
  vi.useRealTimers();
});

describe('SearchBox', () => {
  it('is a focused, empty combobox with the availability checkbox, and asks nothing until text is typed', async () => {
    const fetchMock = mockApi({ '/api/search': answerFor });
    renderBox();
    expect(input()).toHaveFocus();
    expect(input()).toHaveAccessibleName('Что ищем?');
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    // The listbox exists (aria-controls names it) but is hidden until an answer arrives.
    const listbox = screen.getByRole('listbox', { hidden: true });
    expect(input()).toHaveAttribute('aria-controls', listbox.id);
    expect(listbox).not.toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Только в наличии' })).not.toBeChecked();
    expect(live()).toBeEmptyDOMElement();
    await advance(SEARCH_DELAY_MS * 2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it(`shows the options ${SEARCH_DELAY_MS} ms after typing and announces their number`, async () => {
    const fetchMock = mockApi({ '/api/search': answerFor });
    const { user } = renderBox();
    await user.type(input(), 'лего');
    await advance(SEARCH_DELAY_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(options()).toHaveLength(0);

    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(requestedUrls(fetchMock)[0]!.searchParams.get('q')).toBe('лего');
    // The instant search shows no facets, so it leaves them out of the answer (issue 39).
    expect(requestedUrls(fetchMock)[0]!.searchParams.get('facets')).toBe('N');
    const listbox = screen.getByRole('listbox', { name: 'Найденные товары' });
    expect(listbox).toBeVisible();
    expect(input()).toHaveAttribute('aria-controls', listbox.id);
    expect(options().map((option) => option.textContent)).toEqual([
      expect.stringContaining('Товар лего-1'),
      expect.stringContaining('Товар лего-2'),
      expect.stringContaining('Товар лего-3'),
    ]);
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    expect(live()).toHaveAttribute('role', 'status');
    expect(live()).toHaveTextContent('Найдено 3 товара');
    expect(screen.getByRole('group', { name: 'Разделы' })).toBeInTheDocument();
  });

  it('announces the count with Russian plurals (1 товар, 3 товара, 5 товаров)', async () => {
    mockApi({ '/api/search': answerFor });
    const { user } = renderBox();
    await search(user, 'робот');
    expect(live()).toHaveTextContent(/^Найден 1 товар$/);
    await search(user, 'лего');
    expect(live()).toHaveTextContent(/^Найдено 3 товара$/);
    await search(user, 'пазл');
    expect(live()).toHaveTextContent(/^Найдено 5 товаров$/);
    expect(options()).toHaveLength(5);
  });

  it('moves through the options with ArrowDown/ArrowUp, wrapping, and marks the active one', async () => {
    mockApi({ '/api/search': answerFor });
    const { user } = renderBox();
    await search(user, 'лего');
    const [first, second, third] = options();
    expect(input()).not.toHaveAttribute('aria-activedescendant');
    expect(options().every((option) => option.getAttribute('aria-selected') === 'false')).toBe(true);

    const expectActive = (option: HTMLElement) => {
      expect(input()).toHaveAttribute('aria-activedescendant', option.id);
      expect(options().filter((o) => o.getAttribute('aria-selected') === 'true')).toEqual([option]);
    };

    await user.keyboard('{ArrowDown}');
    expectActive(first!);
    await user.keyboard('{ArrowDown}');
    expectActive(second!);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expectActive(first!); // wrapped past the last
    await user.keyboard('{ArrowUp}');
    expectActive(third!); // wrapped past the first
    await user.keyboard('{ArrowUp}');
    expectActive(second!);
    // The caret stays in the field.
    expect(input()).toHaveFocus();
  });

  it('starts ArrowUp from the last option', async () => {
    mockApi({ '/api/search': answerFor });
    const { user } = renderBox();
    await search(user, 'лего');
    await user.keyboard('{ArrowUp}');
    expect(input()).toHaveAttribute('aria-activedescendant', options()[2]!.id);
  });

  it('opens the active option’s product with Enter and closes', async () => {
    mockApi({ '/api/search': answerFor });
    const { user, onClose } = renderBox();
    await search(user, 'лего');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(location()).toBe('/catalog/konstruktory/item-лего-2/');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('opens the results page with Enter when no option is active, and closes', async () => {
    mockApi({ '/api/search': answerFor });
    const { user, onClose } = renderBox();
    await search(user, ' лего ');
    await user.keyboard('{Enter}');
    expect(location()).toBe(searchResultsPath('лего', false));
    expect(location()).toBe('/search/?q=%D0%BB%D0%B5%D0%B3%D0%BE&available=N');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('takes the availability flag into the results page link', async () => {
    const fetchMock = mockApi({ '/api/search': answerFor });
    const { user, onClose } = renderBox();
    await search(user, 'лего');
    await user.click(screen.getByRole('checkbox', { name: 'Только в наличии' }));
    await advance(0);
    expect(requestedUrls(fetchMock).at(-1)!.searchParams.get('available')).toBe('Y');
    await user.click(input());
    await user.keyboard('{Enter}');
    expect(location()).toBe('/search/?q=%D0%BB%D0%B5%D0%B3%D0%BE&available=Y');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does nothing on Enter with an empty field', async () => {
    mockApi({ '/api/search': answerFor });
    const { user, onClose } = renderBox();
    await user.click(input());
    await user.keyboard('   {Enter}');
    expect(location()).toBe('/catalog/');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('opens a product when its row is clicked', async () => {
    mockApi({ '/api/search': answerFor });
    const { onClose, user } = renderBox();
    await search(user, 'лего');
    fireEvent.click(within(options()[2]!).getByText('Товар лего-3'));
    expect(location()).toBe('/catalog/konstruktory/item-лего-3/');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows "Ничего не найдено" when nothing matches', async () => {
    mockApi({ '/api/search': answerFor });
    const { user } = renderBox();
    await search(user, 'ничего');
    expect(screen.getByTestId('search-nothing')).toHaveTextContent('Ничего не найдено');
    expect(live()).toHaveTextContent(/^Ничего не найдено$/);
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    expect(options()).toHaveLength(0);
    expect(screen.queryByRole('group', { name: 'Разделы' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('search-all-results')).not.toBeInTheDocument();
  });

  it('shows the error text when the search fails (500, after the retries)', async () => {
    const fetchMock = mockApi({
      '/api/search': { status: 500, body: { errors: [{ code: 'INTERNAL', field: null, detail: 'boom' }] } },
    });
    const { user } = renderBox();
    await search(user, 'лего');
    // Two retries of a 5xx (lib/query-client), then the alert.
    await advance(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('alert')).toHaveTextContent('Не удалось выполнить поиск. Попробуйте ещё раз.');
    expect(options()).toHaveLength(0);
    expect(live()).toBeEmptyDOMElement();
  });

  it('says that search is starting while the shop builds its index (503 SEARCH_STARTING)', async () => {
    mockApi({
      '/api/search': { status: 503, body: { errors: [{ code: 'SEARCH_STARTING', field: null, detail: 'building' }] } },
    });
    const { user } = renderBox();
    await search(user, 'лего');
    await advance(10_000);
    expect(screen.getByRole('alert')).toHaveTextContent('Поиск ещё запускается: повторите через несколько секунд.');
  });

  it('shows each row’s name, parameters, the price only above 0 and the old price only when present', async () => {
    mockApi({ '/api/search': answerFor });
    const { user } = renderBox();
    await search(user, 'пазл');
    const [first, second, third, fourth] = options().map((option) => within(option));

    // Inside the listbox the name is plain text (no link in an option).
    expect(first!.getByText('Товар пазл-1').tagName).toBe('SPAN');
    expect(first!.queryByRole('link')).not.toBeInTheDocument();
    expect(first!.getByTestId('search-item-param')).toHaveTextContent(/^Возраст: 7 лет$/);
    expect(first!.getByTestId('search-item-price')).toHaveTextContent(new RegExp(`^Цена: ${money(1480)}$`));
    expect(first!.getByTestId('search-item-old-price')).toHaveTextContent(new RegExp(`^Старая цена: ${money(1990)}$`));
    expect(first!.getByTestId('search-item-old-price').tagName).toBe('S');
    // No picture: the placeholder, decorative (alt "", so hidden from assistive technology) next to the name.
    const picture = options()[0]!.querySelector('[data-placeholder]')!;
    expect(picture).toHaveAttribute('data-placeholder', 'true');
    expect(picture).toHaveAttribute('aria-hidden', 'true');

    expect(second!.queryByTestId('search-item-price')).not.toBeInTheDocument();
    expect(second!.queryByTestId('search-item-old-price')).not.toBeInTheDocument();
    expect(second!.queryByTestId('search-item-param')).not.toBeInTheDocument();

    expect(third!.getByTestId('search-item-price')).toHaveTextContent(new RegExp(`^Цена: ${money(500)}$`));
    expect(third!.queryByTestId('search-item-old-price')).not.toBeInTheDocument();

    expect(fourth!.queryByTestId('search-item-price')).not.toBeInTheDocument();
    expect(fourth!.getByTestId('search-item-old-price')).toHaveTextContent(new RegExp(`^Старая цена: ${money(900)}$`));
  });

  it('links all results of the chosen section under the list, and closes when it is followed', async () => {
    mockApi({ '/api/search': answerFor });
    const { user, onClose } = renderBox();
    await search(user, 'лего');
    const all = screen.getByTestId('search-all-results');
    expect(all).toHaveTextContent('Все результаты поиска (3)');
    expect(all).toHaveAttribute('href', searchResultsPath('лего', false));
    await user.click(screen.getByRole('button', { name: /^Конструкторы\s*3$/ }));
    expect(screen.getByTestId('search-all-results')).toHaveAttribute('href', searchResultsPath('лего', false, '1'));
    await user.click(screen.getByTestId('search-all-results'));
    expect(location()).toBe(searchResultsPath('лего', false, '1'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AVAILABILITY_COOKIE_MAX_AGE_S,
  AVAILABILITY_COOKIE_NAME,
  SEARCH_CACHE_TIME_MS,
  SEARCH_DELAY_MS,
  SEARCH_PAGE_SIZE,
} from '@/config/constants';
import { createQueryClient } from '@/lib/query-client';
import { mockApi, requestedUrls } from '@/test/mock-api';
import type { SearchAnswer, SearchItem } from '../api/search';
import { clearSearchCache, useSearch } from './use-search';
import { makeSearchItem } from '@/test/fixtures';

function item(id: string, categoryId: string | null): SearchItem {
  return makeSearchItem(id, { categoryId, url: `/catalog/item-${id}/` });
}

/**
 * The server's answer for `url`: three matches for any text (two of section 1, one of section 2) on the page,
 * section 2 holding five matches in all; `section=2` answers those five. `available=Y` answers one fewer.
 */
function answerFor(url: URL): SearchAnswer {
  const q = url.searchParams.get('q')!;
  const inStock = url.searchParams.get('available') === 'Y';
  const sections = [
    { id: '0', value: 'Все результаты', found: 7 },
    { id: '1', value: 'Конструкторы', found: 2 },
    { id: '2', value: 'Пазлы', found: 5 },
  ];
  if (url.searchParams.get('section') === '2') {
    return {
      total: 7,
      sections,
      items: ['20', '21', '22', '23', '24'].map((id) => item(`${q}-${id}`, '2')),
      itemsTotal: 5,
      partial: false,
      exact: 5,
      facets: null,
    };
  }
  const items = [item(`${q}-10`, '1'), item(`${q}-11`, '1'), item(`${q}-20`, '2')];
  return { total: 7, sections, items: inStock ? items.slice(1) : items, itemsTotal: 7, partial: false, exact: 7, facets: null };
}

function clearCookies() {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
}

let client: QueryClient;

function renderSearch(fieldName = 'header') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useSearch({ fieldName }), { wrapper });
}

/**
 * Lets timers run `ms` ms ahead, then settles what is due at that instant without moving the clock: React updates
 * and the promise chains of answered requests (the mocked `fetch`, `Response.json()`, TanStack's notifications).
 */
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  for (let round = 0; round < 3; round += 1) await act(() => vi.advanceTimersByTimeAsync(0));
}

beforeEach(() => {
  vi.useFakeTimers();
  client = createQueryClient({ retry: false });
});

afterEach(() => {
  clearSearchCache(client);
  client.clear();
  clearCookies();
  vi.useRealTimers();
});

describe('useSearch', () => {
  it(`waits ${SEARCH_DELAY_MS} ms after the change before it asks (spec §9)`, async () => {
    const fetchMock = mockApi({ '/api/search': answerFor });
    const { result } = renderSearch();
    expect(result.current.status).toBe('idle');

    act(() => result.current.setText('лего'));
    await advance(SEARCH_DELAY_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(result.current.answer).toBeUndefined();

    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url] = requestedUrls(fetchMock);
    expect(url!.pathname).toBe('/api/search');
    expect(Object.fromEntries(url!.searchParams)).toEqual({ q: 'лего', available: 'N', perPage: String(SEARCH_PAGE_SIZE), facets: 'N' });

    await advance(0);
    expect(result.current.status).toBe('success');
    expect(result.current.searchedText).toBe('лего');
    expect(result.current.items.map(({ id }) => id)).toEqual(['лего-10', 'лего-11', 'лего-20']);
  });

  it('shows the wait state while the request runs', async () => {
    let answer: ((response: Response) => void) | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (input: string) =>
          new Promise<Response>((resolve) => {
            answer = () => resolve(Response.json(answerFor(new URL(input, 'http://localhost'))));
          }),
      ),
    );
    const { result } = renderSearch();
    act(() => result.current.setText('лего'));
    await advance(SEARCH_DELAY_MS);
    expect(result.current.status).toBe('loading');
    await act(async () => answer!(new Response()));
    await advance(0);
    expect(result.current.status).toBe('success');
  });

  it('sends exactly one request for five characters typed 100 ms apart', async () => {
    const fetchMock = mockApi({ '/api/search': answerFor });
    const { result } = renderSearch();
    for (const typed of ['к', 'ко', 'кон', 'конс', 'конст']) {
      act(() => result.current.setText(typed));
      await advance(100);
    }
    expect(fetchMock).not.toHaveBeenCalled();
    await advance(SEARCH_DELAY_MS - 100);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(requestedUrls(fetchMock)[0]!.searchParams.get('q')).toBe('конст');
    await advance(SEARCH_DELAY_MS * 4);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not ask again when only surrounding spaces changed', async () => {
    const fetchMock = mockApi({ '/api/search': answerFor });
    const { result } = renderSearch();
    act(() => result.current.setText('лего'));
    await advance(SEARCH_DELAY_MS);
    act(() => result.current.setText(' лего  '));
    await advance(SEARCH_DELAY_MS * 2);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(result.current.items).toHaveLength(3);
  });

  it('shows a cached text at once and sends no request (spec §5)', async () => {
    const fetchMock = mockApi({ '/api/search': answerFor });
    const { result } = renderSearch();
    act(() => result.current.setText('лего'));
    await advance(SEARCH_DELAY_MS);
    act(() => result.current.setText('пазл'));
    await advance(SEARCH_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(result.current.searchedText).toBe('пазл');

    act(() => result.current.setText('лего'));
    // No time passes: the cached results show in the same update.
    expect(result.current.status).toBe('success');
    expect(result.current.searchedText).toBe('лего');
    expect(result.current.items.map(({ id }) => id)).toEqual(['лего-10', 'лего-11', 'лего-20']);
    await advance(SEARCH_DELAY_MS * 2);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it(`keeps cached answers past the app's default freshness, dropping those unused for ${SEARCH_CACHE_TIME_MS} ms`, async () => {
    const fetchMock = mockApi({ '/api/search': answerFor });
    const { result } = renderSearch();
    act(() => result.current.setText('лего'));
    await advance(SEARCH_DELAY_MS);
    act(() => result.current.setText('пазл'));
    await advance(SEARCH_DELAY_MS);

    // Long past the app's default freshness (DEFAULT_STALE_TIME_MS), 'лего' still comes from the cache.
    await advance(SEARCH_CACHE_TIME_MS - SEARCH_DELAY_MS - 1000);
    act(() => result.current.setText('лего'));
    await advance(SEARCH_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // 'пазл' has been unused for longer than SEARCH_CACHE_TIME_MS now: dropped, so asked again after the wait.
    await advance(SEARCH_CACHE_TIME_MS);
    act(() => result.current.setText('пазл'));
    expect(result.current.searchedText).toBe('лего');
    await advance(SEARCH_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(result.current.searchedText).toBe('пазл');
  });

  it('keeps separate caches per field name', async () => {
    const fetchMock = mockApi({ '/api/search': answerFor });
    const header = renderSearch('header');
    act(() => header.result.current.setText('лего'));
    await advance(SEARCH_DELAY_MS);
    const page = renderSearch('page');
    act(() => page.result.current.setText('лего'));
    expect(page.result.current.answer).toBeUndefined();
    await advance(SEARCH_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(page.result.current.items).toHaveLength(3);
  });

  it('restores the text and its cached results when the field is shown again', async () => {
    const fetchMock = mockApi({ '/api/search': answerFor });
    const first = renderSearch();
    act(() => first.result.current.setText('лего'));
    await advance(SEARCH_DELAY_MS);
    first.unmount();

    const again = renderSearch();
    expect(again.result.current.text).toBe('лего');
    expect(again.result.current.status).toBe('success');
    expect(again.result.current.items).toHaveLength(3);
    await advance(SEARCH_DELAY_MS * 2);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('clears and hides the results at once for an empty text, without a request', async () => {
    const fetchMock = mockApi({ '/api/search': answerFor });
    const { result } = renderSearch();
    act(() => result.current.setText('лего'));
    await advance(SEARCH_DELAY_MS);
    expect(result.current.items).toHaveLength(3);

    act(() => result.current.setText(''));
    expect(result.current.status).toBe('idle');
    expect(result.current.answer).toBeUndefined();
    expect(result.current.items).toEqual([]);
    expect(result.current.searchedText).toBe('');

    act(() => result.current.setText('   '));
    await advance(SEARCH_DELAY_MS * 2);
    expect(result.current.status).toBe('idle');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('re-runs the search at once when the flag changes, and stores the flag in its cookie (spec §4, §9)', async () => {
    const fetchMock = mockApi({ '/api/search': answerFor });
    const cookieSetter = vi.spyOn(document, 'cookie', 'set');
    const { result } = renderSearch();
    expect(result.current.available).toBe(false);
    act(() => result.current.setText('лего'));
    await advance(SEARCH_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    act(() => result.current.setAvailable(true));
    await advance(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(requestedUrls(fetchMock)[1]!.searchParams.get('available')).toBe('Y');
    expect(requestedUrls(fetchMock)[1]!.searchParams.get('q')).toBe('лего');
    expect(result.current.available).toBe(true);
    expect(result.current.items.map(({ id }) => id)).toEqual(['лего-11', 'лего-20']);

    expect(cookieSetter).toHaveBeenCalledWith(
      `${AVAILABILITY_COOKIE_NAME}=Y; Path=/; Max-Age=${AVAILABILITY_COOKIE_MAX_AGE_S}; SameSite=Lax`,
    );
    expect(document.cookie).toContain(`${AVAILABILITY_COOKIE_NAME}=Y`);

    // Back to N: cached, so shown at once without a request; the cookie says N.
    act(() => result.current.setAvailable(false));
    expect(result.current.items).toHaveLength(3);
    await advance(SEARCH_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(document.cookie).toContain(`${AVAILABILITY_COOKIE_NAME}=N`);
  });

  it('searches the text just typed when the flag changes during the wait', async () => {
    const fetchMock = mockApi({ '/api/search': answerFor });
    const { result } = renderSearch();
    act(() => result.current.setText('лего'));
    await advance(SEARCH_DELAY_MS);
    act(() => result.current.setText('лего дупло'));
    await advance(100);
    act(() => result.current.setAvailable(true));
    await advance(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(requestedUrls(fetchMock)[1]!.searchParams.get('q')).toBe('лего дупло');
    await advance(SEARCH_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('starts with the flag stored in the cookie', async () => {
    document.cookie = `${AVAILABILITY_COOKIE_NAME}=Y; Path=/`;
    const fetchMock = mockApi({ '/api/search': answerFor });
    const { result } = renderSearch();
    expect(result.current.available).toBe(true);
    act(() => result.current.setText('лего'));
    await advance(SEARCH_DELAY_MS);
    expect(requestedUrls(fetchMock)[0]!.searchParams.get('available')).toBe('Y');
  });

  it('aborts the request in flight when a newer one starts', async () => {
    const signals: AbortSignal[] = [];
    const fetchMock = vi.fn(
      (input: string, init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          signals.push(init!.signal!);
          const q = new URL(input, 'http://localhost').searchParams.get('q');
          init!.signal!.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          // The first text answers slowly (2 s), the second at once.
          setTimeout(() => resolve(Response.json(answerFor(new URL(input, 'http://localhost')))), q === 'лего' ? 2000 : 0);
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderSearch();
    act(() => result.current.setText('лего'));
    await advance(SEARCH_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(signals[0]!.aborted).toBe(false);

    act(() => result.current.setText('лего техник'));
    await advance(SEARCH_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);
    await advance(2000);
    expect(result.current.status).toBe('success');
    expect(result.current.searchedText).toBe('лего техник');
    expect(result.current.items[0]!.id).toBe('лего техник-10');
  });

  it('filters a section locally when the page holds all its items, and fetches section=ID when it holds fewer', async () => {
    const fetchMock = mockApi({ '/api/search': answerFor });
    const { result } = renderSearch();
    act(() => result.current.setText('лего'));
    await advance(SEARCH_DELAY_MS);
    expect(result.current.selectedSection).toBe('0');

    // Section 1: both of its matches are on the page.
    act(() => result.current.setSelectedSection('1'));
    expect(result.current.selectedSection).toBe('1');
    expect(result.current.items.map(({ id }) => id)).toEqual(['лего-10', 'лего-11']);
    await advance(SEARCH_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // Section 2: one of its five matches is on the page; it shows at once, and the rest is fetched.
    act(() => result.current.setSelectedSection('2'));
    expect(result.current.items.map(({ id }) => id)).toEqual(['лего-20']);
    expect(result.current.status).toBe('loading');
    await advance(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const sectionUrl = requestedUrls(fetchMock)[1]!;
    expect(sectionUrl.searchParams.get('section')).toBe('2');
    expect(sectionUrl.searchParams.get('q')).toBe('лего');
    expect(result.current.status).toBe('success');
    expect(result.current.items).toHaveLength(5);

    // "Все результаты" shows all of the first page again; section 2 again comes from the cache.
    act(() => result.current.setSelectedSection('0'));
    expect(result.current.items).toHaveLength(3);
    act(() => result.current.setSelectedSection('2'));
    expect(result.current.items).toHaveLength(5);
    await advance(SEARCH_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('starts a new answer at "Все результаты"', async () => {
    mockApi({ '/api/search': answerFor });
    const { result } = renderSearch();
    act(() => result.current.setText('лего'));
    await advance(SEARCH_DELAY_MS);
    act(() => result.current.setSelectedSection('1'));
    act(() => result.current.setText('пазл'));
    await advance(SEARCH_DELAY_MS);
    expect(result.current.selectedSection).toBe('0');
    expect(result.current.items).toHaveLength(3);
  });

  it('reports a failed request as an error', async () => {
    mockApi({
      '/api/search': {
        status: 400,
        body: { errors: [{ code: 'SEARCH_QUERY_EMPTY', field: 'q', detail: 'empty' }] },
      },
    });
    const { result } = renderSearch();
    act(() => result.current.setText('лего'));
    await advance(SEARCH_DELAY_MS);
    expect(result.current.status).toBe('error');
    expect(result.current.error).toMatchObject({ code: 'SEARCH_QUERY_EMPTY' });
    expect(result.current.answer).toBeUndefined();
  });
});

import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n';
import { REQUEST_TIMEOUT_MS } from '@/config/constants';
import { apiGet } from '@/lib/api-client';
import { mockApi } from '@/test/mock-api';
import { PanelQueryContent, panelQueryRetry } from './panel-query-content';

interface Contacts {
  address: string;
}

const hasAddress = (data: Contacts) => typeof data.address === 'string' && data.address.length > 0;

function ContactsPanelBody() {
  const query = useQuery({
    queryKey: ['contacts'],
    queryFn: ({ signal }) => apiGet<Contacts>('/api/contacts', { signal }),
    retry: panelQueryRetry,
  });
  return (
    <PanelQueryContent query={query} hasContent={hasAddress}>
      {(data) => <p>Адрес: {data.address}</p>}
    </PanelQueryContent>
  );
}

function renderPanel() {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <ContactsPanelBody />
    </QueryClientProvider>,
  );
}

/** A `fetch` that never answers, failing only when aborted (as the browser's does). */
function neverAnsweringFetch() {
  const fetchMock = vi.fn(
    (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const ALERT_TEXT = 'Возникла неопределенная ошибка';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PanelQueryContent', () => {
  it('shows the content of a good answer', async () => {
    mockApi({ '/api/contacts': { address: 'Москва, Тверская, 1' } });
    renderPanel();
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка…');
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText('Адрес: Москва, Тверская, 1')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows SLIDE_PANEL_UNDEFINED_ERROR when the answer lacks what the panel needs', async () => {
    mockApi({ '/api/contacts': {} });
    renderPanel();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByRole('alert')).toHaveTextContent(ALERT_TEXT);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the alert for a null answer too', async () => {
    mockApi({ '/api/contacts': null });
    renderPanel();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByRole('alert')).toHaveTextContent(ALERT_TEXT);
  });

  it('spins through the retries of a 500 and then shows the alert', async () => {
    const fetchMock = mockApi({ '/api/contacts': { status: 500, body: { errors: [] } } });
    renderPanel();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByRole('status')).toBeInTheDocument();
    // TanStack Query's default back-off: 1 s, then 2 s.
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('alert')).toHaveTextContent(ALERT_TEXT);
  });

  it('does not retry a 404 and shows the alert at once', async () => {
    const fetchMock = mockApi({});
    renderPanel();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toHaveTextContent(ALERT_TEXT);
  });

  it('ends a request the server never answers in the alert after the 60 s time-out, without retrying', async () => {
    const fetchMock = neverAnsweringFetch();
    renderPanel();
    await act(() => vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1));
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка…');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // The abort lands at 60 s; the query settles on the next timer turn.
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByRole('alert')).toHaveTextContent(ALERT_TEXT);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('panelQueryRetry retries network failures and 5xx twice, never 4xx or the time-out', async () => {
    const { ApiError } = await import('@/lib/api-client');
    const network = new ApiError(0, [{ code: 'NETWORK', field: null, detail: '' }]);
    const timeout = new ApiError(0, [{ code: 'TIMEOUT', field: null, detail: '' }]);
    expect(panelQueryRetry(0, network)).toBe(true);
    expect(panelQueryRetry(1, new ApiError(503, []))).toBe(true);
    expect(panelQueryRetry(2, new ApiError(503, []))).toBe(false);
    expect(panelQueryRetry(0, new ApiError(404, []))).toBe(false);
    expect(panelQueryRetry(0, timeout)).toBe(false);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '@/config/constants';
import { mockApi } from '@/test/mock-api';
import { ApiError, apiGet } from './api-client';

afterEach(() => {
  vi.useRealTimers();
});

describe('apiGet', () => {
  it('GETs JSON with the query parameters, leaving out empty ones', async () => {
    const fetchMock = mockApi({ '/api/offers': { items: [] } });
    await expect(apiGet('/api/offers', { params: { page: 2, sort: undefined, available: '' } })).resolves.toEqual({
      items: [],
    });
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/offers?page=2');
  });

  it('turns an error answer into an ApiError with the codes of its body', async () => {
    mockApi({
      '/api/offers/by-slug/nope': {
        status: 404,
        body: { errors: [{ code: 'OFFER_NOT_FOUND', field: null, detail: 'no such offer' }] },
      },
    });
    const error = await apiGet('/api/offers/by-slug/nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).code).toBe('OFFER_NOT_FOUND');
    expect((error as ApiError).isNotFound).toBe(true);
  });

  it(`gives up after the ${REQUEST_TIMEOUT_MS} ms time-out (spec §7)`, async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const result = apiGet('/api/shop').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('TIMEOUT');
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await apiGet('/api/shop').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).code).toBe('NETWORK');
  });
});

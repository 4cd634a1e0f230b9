import { afterEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '@/config/constants';
import { mockApi } from '@/test/mock-api';
import { ApiError, apiGet, apiPost, resetCsrfToken } from './api-client';

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

describe('apiPost', () => {
  afterEach(() => resetCsrfToken());

  it('sends JSON with the session CSRF token, fetching the token once', async () => {
    const seen: Array<{ token: string | null; body: unknown }> = [];
    const fetchMock = mockApi({
      '/api/session': { sessid: 'token-1', user: null, settings: {} },
      '/api/forms/callback/captcha-check': (_url: URL, init?: RequestInit) => {
        seen.push({
          token: new Headers(init?.headers).get('X-CSRF-Token'),
          body: JSON.parse(String(init?.body)),
        });
        return { valid: true };
      },
    });
    await expect(apiPost('/api/forms/callback/captcha-check', { sid: 's', word: 'w' })).resolves.toEqual({ valid: true });
    await apiPost('/api/forms/callback/captcha-check', { sid: 's', word: 'x' });
    expect(seen).toEqual([
      { token: 'token-1', body: { sid: 's', word: 'w' } },
      { token: 'token-1', body: { sid: 's', word: 'x' } },
    ]);
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/session')).toHaveLength(1);
  });

  it('fetches a new token and retries once when the server refuses the old one', async () => {
    let session = 0;
    const tokens: Array<string | null> = [];
    mockApi({
      '/api/session': () => ({ sessid: `token-${++session}`, user: null, settings: {} }),
      '/api/x': (_url: URL, init?: RequestInit) => {
        const token = new Headers(init?.headers).get('X-CSRF-Token');
        tokens.push(token);
        return token === 'token-2'
          ? { ok: true }
          : { status: 403, body: { errors: [{ code: 'CSRF_TOKEN_INVALID', field: 'X-CSRF-Token', detail: '' }] } };
      },
    });
    await expect(apiPost('/api/x', {})).resolves.toEqual({ ok: true });
    expect(tokens).toEqual(['token-1', 'token-2']);
  });

  it('keeps the whole body of an error answer', async () => {
    const answer = { status: false, errors: [{ code: 'FORMS_CAPTCHA_WRONG', field: 'CAPTCHA_WORD' }], captcha: null };
    mockApi({ '/api/session': { sessid: 't', user: null, settings: {} }, '/api/y': { status: 422, body: answer } });
    const error = (await apiPost('/api/y', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(422);
    expect(error.code).toBe('FORMS_CAPTCHA_WRONG');
    expect(error.body).toEqual(answer);
  });
});

import { vi } from 'vitest';

/** A canned answer: a JSON body (status 200) or `{ status, body }`. */
export type MockAnswer = unknown | { status: number; body: unknown };

/** Handler of one API path: gets the request URL and the request's options (method, headers, body), returns the answer. */
export type MockHandler = (url: URL, init?: RequestInit) => MockAnswer;

function isStatusAnswer(answer: unknown): answer is { status: number; body: unknown } {
  return typeof answer === 'object' && answer !== null && 'status' in answer && 'body' in answer;
}

/**
 * Replaces `fetch` (the boundary under `lib/api-client.ts`) with canned JSON answers by path
 * (`/api/sections`, …; the query string is given to the handler). Unknown paths answer 404
 * `API_NOT_FOUND` like the server. Returns the mock so tests can inspect the requested URLs.
 */
export function mockApi(routes: Record<string, MockHandler | MockAnswer>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const route = routes[url.pathname];
    let answer: MockAnswer =
      route === undefined
        ? { status: 404, body: { errors: [{ code: 'API_NOT_FOUND', field: null, detail: 'no route' }] } }
        : typeof route === 'function'
          ? (route as MockHandler)(url, init)
          : route;
    if (!isStatusAnswer(answer)) answer = { status: 200, body: answer };
    const { status, body } = answer as { status: number; body: unknown };
    // A 204 answer has no body (`Response` refuses one): `{ status: 204, body: null }`.
    const text = status === 204 ? null : JSON.stringify(body);
    return new Response(text, { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The URLs `fetch` was called with, as `URL`s. */
export function requestedUrls(fetchMock: ReturnType<typeof mockApi>): URL[] {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
}

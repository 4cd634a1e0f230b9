import type { Offer } from '@/lib/api/types';
import { mockApi, type MockAnswer } from '@/test/mock-api';

/** One request the compare mock answered: method, path and JSON body (if any), and the CSRF header. */
export interface CompareCall {
  method: string;
  path: string;
  body: unknown;
  token: string | null;
}

/** Options of {@link mockCompareApi}. */
export interface CompareMockOptions {
  /** Offers the compare list starts with. */
  initial?: Offer[];
  /** Offers `POST /api/compare` may add (by id); others answer 404 `OFFER_NOT_FOUND`. */
  catalogue?: Offer[];
  /**
   * Answers `POST /api/compare` with this refusal instead, when given; a function gets the POST's number (from 1) and
   * refuses only when it returns an answer.
   */
  refuseAdd?: MockAnswer | ((n: number) => MockAnswer | undefined);
  /** Extra routes (e.g. `/api/viewed`). */
  routes?: Record<string, unknown>;
}

const errorBody = (code: string) => ({ errors: [{ code, field: 'offerId', detail: code }] });

/**
 * A stateful fake of the compare API (docs/api.md "Compare list and recently viewed") over `fetch`: `GET
 * /api/compare`, `GET /api/compare/count`, `POST /api/compare`, `DELETE /api/compare/{id}`, `DELETE /api/compare`,
 * plus `GET /api/session` for the CSRF token. Returns the calls made, in order.
 */
export function mockCompareApi({ initial = [], catalogue = [], refuseAdd, routes = {} }: CompareMockOptions = {}) {
  let list = [...initial];
  const calls: CompareCall[] = [];
  let posts = 0;
  const answer = () => ({ items: list, count: list.length });
  const known = new Map([...initial, ...catalogue].map((offer) => [offer.id, offer]));
  const record = (url: URL, init?: RequestInit) => {
    calls.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      token: new Headers(init?.headers).get('X-CSRF-Token'),
    });
  };
  const removeHandlers: Record<string, (url: URL, init?: RequestInit) => MockAnswer> = {};
  for (const offer of known.values()) {
    removeHandlers[`/api/compare/${offer.id}`] = (url, init) => {
      record(url, init);
      list = list.filter((item) => item.id !== offer.id);
      return answer();
    };
  }
  const fetchMock = mockApi({
    '/api/session': { sessid: 'token-1', user: null, settings: { basketView: 'RIGHT' } },
    '/api/compare/count': (url: URL, init?: RequestInit) => {
      record(url, init);
      return { count: list.length };
    },
    '/api/compare': (url: URL, init?: RequestInit) => {
      record(url, init);
      const method = init?.method ?? 'GET';
      if (method === 'POST') {
        posts += 1;
        const refusal = typeof refuseAdd === 'function' ? refuseAdd(posts) : refuseAdd;
        if (refusal) return refusal;
        const { offerId } = JSON.parse(String(init?.body)) as { offerId: string };
        const offer = known.get(offerId);
        if (!offer) return { status: 404, body: errorBody('OFFER_NOT_FOUND') };
        if (!list.some((item) => item.id === offerId)) list = [...list, offer];
      } else if (method === 'DELETE') {
        list = [];
      }
      return answer();
    },
    ...removeHandlers,
    ...routes,
  });
  return { fetchMock, calls, mutations: () => calls.filter((call) => call.method !== 'GET') };
}

/** A 409 refusal with `code` (`COMPARE_LIMIT`, `OFFER_REMOVED`). */
export function conflict(code: string): MockAnswer {
  return { status: 409, body: errorBody(code) };
}

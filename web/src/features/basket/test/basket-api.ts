import type { Basket, BasketLine, Offer } from '@/lib/api/types';
import { mockApi, type MockAnswer, type MockHandler } from '@/test/mock-api';
import { toMajor, toMinor } from '../utils/money';

/** A line of the fake server: offer, quantity, delay. */
export interface FakeLine {
  offer: Offer;
  quantity: number;
  delay?: boolean;
}

/** Highest line id the fake server routes (`/api/basket/items/1` … `/api/basket/items/{MAX}`). */
const MAX_LINE_ID = 20;

/**
 * An in-memory basket server behind `fetch` for component tests: `GET /api/session` (settings `basketView`),
 * `GET /api/basket`, `GET /api/basket/summary`, `POST /api/basket/items`, `PATCH`/`DELETE /api/basket/items/{id}`,
 * computing sums in minor units like the server. `refuse` makes the next mutation answer with that status and code.
 */
export function mockBasketApi(
  initial: FakeLine[] = [],
  { basketView = 'RIGHT', extra = {} }: { basketView?: string; extra?: Record<string, MockHandler | MockAnswer> } = {},
) {
  let nextId = 1;
  let lines: (FakeLine & { id: number })[] = initial.map((line) => ({ ...line, id: nextId++ }));
  let refusal: { status: number; code: string } | null = null;

  const basket = (): Basket => {
    const shown: BasketLine[] = lines.map((line) => ({
      id: line.id,
      offer: line.offer,
      quantity: line.quantity,
      delay: Boolean(line.delay),
      sum: toMajor(toMinor(line.offer.price, line.offer.currencyId) * line.quantity, line.offer.currencyId),
    }));
    const inBasket = shown.filter((line) => !line.delay);
    const currencyId = inBasket[0]?.offer.currencyId ?? 'RUB';
    const sumMinor = inBasket.reduce((sum, line) => sum + toMinor(line.sum, currencyId), 0);
    return {
      lines: shown,
      totals: {
        count: inBasket.length,
        quantity: inBasket.reduce((sum, line) => sum + line.quantity, 0),
        sum: toMajor(sumMinor, currencyId),
        currencyId,
        delayCount: shown.length - inBasket.length,
      },
    };
  };
  const refused = () => {
    if (!refusal) return null;
    const { status, code } = refusal;
    refusal = null;
    return { status, body: { errors: [{ code, field: 'offerId', detail: code }] } };
  };
  const body = (init?: RequestInit) => JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;

  const routes: Record<string, MockHandler | MockAnswer> = {
    '/api/session': { sessid: 'token', user: null, settings: { basketView } },
    '/api/basket': () => basket(),
    '/api/basket/summary': () => basket().totals,
    '/api/basket/items': (_url: URL, init?: RequestInit) => {
      const answer = refused();
      if (answer) return answer;
      const { offerId, quantity = 1, delay = false } = body(init) as { offerId: string; quantity?: number; delay?: boolean };
      const existing = lines.find((line) => line.offer.id === offerId);
      if (existing) {
        existing.quantity += quantity;
        existing.delay = delay;
      } else {
        const offer = known.get(offerId);
        if (!offer) return { status: 404, body: { errors: [{ code: 'OFFER_NOT_FOUND', field: null, detail: '' }] } };
        lines.push({ id: nextId++, offer, quantity, delay });
      }
      return basket();
    },
    ...extra,
  };
  for (let id = 1; id <= MAX_LINE_ID; id++) {
    routes[`/api/basket/items/${id}`] = (_url: URL, init?: RequestInit) => {
      const answer = refused();
      if (answer) return answer;
      const line = lines.find((l) => l.id === id);
      if (!line) return { status: 404, body: { errors: [{ code: 'BASKET_LINE_NOT_FOUND', field: null, detail: '' }] } };
      if (init?.method === 'DELETE') lines = lines.filter((l) => l.id !== id);
      else {
        const change = body(init) as { quantity?: number; delay?: boolean };
        if (change.quantity !== undefined) line.quantity = change.quantity;
        if (change.delay !== undefined) line.delay = change.delay;
      }
      return basket();
    };
  }
  const known = new Map<string, Offer>(initial.map((line) => [line.offer.id, line.offer]));
  const fetchMock = mockApi(routes);
  return {
    fetchMock,
    /** Offers `POST /api/basket/items` may add. */
    know: (offer: Offer) => known.set(offer.id, offer),
    /** The next mutation answers `status` with `code`. */
    refuseNext: (status: number, code: string) => {
      refusal = { status, code };
    },
    lines: () => lines,
    /** Requests to `pathname` with `method`. */
    calls: (pathname: string, method = 'GET') =>
      fetchMock.mock.calls.filter(
        ([input, init]) => new URL(String(input), 'http://localhost').pathname === pathname && (init?.method ?? 'GET') === method,
      ),
  };
}

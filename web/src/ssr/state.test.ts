import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_STALE_TIME_MS } from '@/config/constants';
import { servedAt } from './state';

describe('servedAt', () => {
  afterEach(() => vi.useRealTimers());

  it('hydrates a page rendered long ago with answers fresh from the moment it arrived', () => {
    vi.useFakeTimers();
    const server = new QueryClient();
    server.setQueryData(['offer', 'elka'], { price: 1480 });
    const rendered = dehydrate(server);
    // The page waited in the server's cache for an hour: nothing it shows changed meanwhile.
    vi.advanceTimersByTime(60 * 60_000);
    const stale = new QueryClient({ defaultOptions: { queries: { staleTime: DEFAULT_STALE_TIME_MS } } });
    hydrate(stale, rendered);
    expect(stale.getQueryCache().find({ queryKey: ['offer', 'elka'] })?.isStaleByTime(DEFAULT_STALE_TIME_MS)).toBe(true);

    const browser = new QueryClient({ defaultOptions: { queries: { staleTime: DEFAULT_STALE_TIME_MS } } });
    hydrate(browser, servedAt(rendered, Date.now()));
    const query = browser.getQueryCache().find({ queryKey: ['offer', 'elka'] });
    expect(query?.state.data).toEqual({ price: 1480 });
    expect(query?.isStaleByTime(DEFAULT_STALE_TIME_MS)).toBe(false);
    vi.advanceTimersByTime(DEFAULT_STALE_TIME_MS + 1);
    expect(query?.isStaleByTime(DEFAULT_STALE_TIME_MS)).toBe(true);
  });
});

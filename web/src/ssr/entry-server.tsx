/**
 * The server bundle's entry (issue 22): renders one page of the app to HTML inside the `vitrina` binary, where
 * QuickJS runs it (`server/src/web/render`). The same route components as the browser's, the same providers, the
 * same API client; only `fetch` answers from what the host handed over (`server-fetch.ts`).
 *
 * The host calls `globalThis.vitrinaRender(input)` with a {@link RenderInput} as JSON and runs the promise's jobs;
 * the promise resolves to a {@link RenderOutput} as JSON.
 */
import './polyfills';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { dehydrate, QueryClient, type DefaultError, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { resolveLazyRoutes } from '@/app/resolve-lazy';
import { routes } from '@/app/router';
import { DEFAULT_LANGUAGE, SSR_MAX_PASSES } from '@/config/constants';
import { createQueryClient } from '@/lib/query-client';
import i18n, { isLanguage, loadLanguage } from '@/i18n';
import { createServerFetch, type HostAnswer } from './server-fetch';
import type { RenderedState } from './state';

/** What the host asks for: the page's URL (path and query), its language, and the API answers it loaded. */
export interface RenderInput {
  url: string;
  language: string;
  answers: Record<string, HostAnswer>;
  /** Throw inside the React tree: a forced failure, for tests of the host's fallback (`VITRINA_RENDER_FAULT`). */
  fault?: boolean;
}

/** What a render gives back. */
export interface RenderOutput {
  /** The inside of `#root`. */
  html: string;
  /** The state the browser hydrates from ({@link RenderedState}), as JSON. */
  state: string;
  /** API URLs the page asked for that the host did not hand over (the host may load them and render again). */
  missing: string[];
  /** Render passes made (each pass may reveal queries that the previous pass's data made visible). */
  passes: number;
}

/** Throws while rendering, as a broken component would: the host's forced failure ({@link RenderInput.fault}). */
function RenderFault(): never {
  throw new Error('a forced render failure (VITRINA_RENDER_FAULT)');
}

/** The options of every query a render pass mounted, by hash; and whether it is enabled. */
type Wanted = Map<string, FetchQueryOptions<unknown, DefaultError, unknown, QueryKey>>;

/**
 * Records the queries the tree mounts: TanStack Query's hooks pass each `useQuery`'s options through
 * `defaultQueryOptions` while rendering, and on a server nothing fetches them. Retries are off: a render has no
 * clock to wait on.
 */
function recordingClient(wanted: Wanted): QueryClient {
  const client = createQueryClient({ retry: false });
  const defaults = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options: Parameters<QueryClient['defaultQueryOptions']>[0]) => {
    const defaulted = defaults(options);
    defaulted.retry = false;
    const enabled = (defaulted as { enabled?: unknown }).enabled;
    if (enabled !== false && typeof enabled !== 'function' && defaulted.queryHash) {
      wanted.set(defaulted.queryHash, defaulted as FetchQueryOptions<unknown, DefaultError, unknown, QueryKey>);
    }
    return defaulted;
  }) as QueryClient['defaultQueryOptions'];
  return client;
}

/** A query the host could not answer is drawn as the browser's first render draws it: still loading. */
function resetFailed(client: QueryClient): void {
  for (const query of client.getQueryCache().findAll({ predicate: (q) => q.state.status === 'error' })) {
    query.reset();
  }
}

async function render(input: RenderInput): Promise<RenderOutput> {
  const missing = new Set<string>();
  globalThis.fetch = createServerFetch(input.answers, missing);
  const language = isLanguage(input.language) ? input.language : DEFAULT_LANGUAGE;
  await loadLanguage(language);
  await i18n.changeLanguage(language);

  const wanted: Wanted = new Map();
  const client = recordingClient(wanted);
  const pathname = input.url.split(/[?#]/)[0] ?? '/';
  const resolved = await resolveLazyRoutes(routes, pathname, client, { prefetch: true });
  resetFailed(client);
  const tried = new Set<string>();
  let html = '';
  let passes = 0;
  // One router for every pass: the page's location does not change between them (a `<Navigate>` drawn on the
  // server never runs).
  const router = createMemoryRouter(resolved, { initialEntries: [input.url] });
  while (passes < SSR_MAX_PASSES) {
    passes += 1;
    const t0 = Date.now();
    html = renderToString(
      <StrictMode>
        <AppProviders client={client}>
          {input.fault && <RenderFault />}
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
    globalThis.__vitrinaLog?.('debug', `pass ${passes}: ${Date.now() - t0} ms, ${html.length} chars`);
    const toFetch = [...wanted.entries()].filter(
      ([hash, options]) => !tried.has(hash) && client.getQueryState(options.queryKey)?.status !== 'success',
    );
    if (toFetch.length === 0) break;
    for (const [hash] of toFetch) tried.add(hash);
    await Promise.all(toFetch.map(([, options]) => client.prefetchQuery(options)));
    resetFailed(client);
    // Only new data changes the tree: when every query fetched was refused, the last pass's HTML stands.
    if (!toFetch.some(([, options]) => client.getQueryState(options.queryKey)?.status === 'success')) break;
  }
  const state: RenderedState = {
    language,
    queries: dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status === 'success' }),
  };
  return { html, state: JSON.stringify(state), missing: [...missing], passes };
}

declare global {
  /** The host's entry point: a {@link RenderInput} as JSON in, a {@link RenderOutput} as JSON out. */
  var vitrinaRender: (input: string) => Promise<string>;
}

globalThis.vitrinaRender = async (input: string) => JSON.stringify(await render(JSON.parse(input) as RenderInput));

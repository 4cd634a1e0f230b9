import type { Page } from '@playwright/test';

/** One call of the page's `fetch` (`lib/api-client.ts` is the app's only caller, `lib/release-reload.ts` probes). */
export interface FetchCall {
  method: string;
  /** Path and query, as the page asked for them. */
  path: string;
  /** `performance.now()` at the call (the page's fake time when Playwright's clock is installed). */
  at: number;
  /** The answer came, or the request failed. */
  settled: boolean;
  /** The answer's status; `null` while pending or when the request failed. */
  status: number | null;
}

/**
 * Records, in the page, every `fetch` it starts: installed before the page's own scripts, so call it before
 * `page.goto` (or `reload`); each new document starts an empty record. Unlike the `request` events Playwright
 * delivers later, the record is complete the moment the page has run: a check that a request was NOT sent reads it
 * after {@link settle}.
 */
export async function recordFetches(page: Page): Promise<{ calls: () => Promise<FetchCall[]> }> {
  await page.addInitScript(() => {
    const calls: FetchCall[] = [];
    Object.defineProperty(window, '__e2eFetches', { value: calls });
    const original = window.fetch;
    window.fetch = function fetch(input: RequestInfo | URL, init?: RequestInit) {
      const request = input instanceof Request ? input : null;
      const url = new URL(request ? request.url : String(input), location.href);
      const call: FetchCall = {
        method: (init?.method ?? request?.method ?? 'GET').toUpperCase(),
        path: url.pathname + url.search,
        at: performance.now(),
        settled: false,
        status: null,
      };
      calls.push(call);
      const answer = Reflect.apply(original, window, [input, init]) as Promise<Response>;
      answer.then(
        (response) => {
          call.settled = true;
          call.status = response.status;
        },
        () => {
          call.settled = true;
        },
      );
      return answer;
    };
  });
  return {
    calls: () => page.evaluate(() => [...((window as unknown as { __e2eFetches?: FetchCall[] }).__e2eFetches ?? [])]),
  };
}

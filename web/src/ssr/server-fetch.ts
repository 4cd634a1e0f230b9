/**
 * The `fetch` of a server render (issue 22). A render never goes to the network, nor back to its own server over
 * HTTP: the host (the `vitrina` binary) hands over, with the request, the API answers it loaded in process, keyed by
 * the URL exactly as the front-end writes it (`/api/shop`, `/api/offers?page=1&perPage=24`). A URL the host did not
 * hand over is refused with {@link NotRendered} and remembered, so the host can load it for the next attempt, or
 * leave it to the browser when it is the visitor's own (session, basket, compare list).
 */

/** One API answer handed over by the host: its HTTP status and JSON body. */
export interface HostAnswer {
  status: number;
  body: string;
}

/** Thrown by {@link createServerFetch} for a URL the host did not hand over. */
export class NotRendered extends Error {
  readonly url: string;
  constructor(url: string) {
    super(`not handed over to the server render: ${url}`);
    this.name = 'NotRendered';
    this.url = url;
  }
}

/** A minimal `Response` carrying one {@link HostAnswer}: what `lib/api-client.ts` reads of it. */
class HostResponse {
  readonly ok: boolean;
  readonly status: number;
  private readonly body: string;
  constructor(status: number, body: string) {
    this.status = status;
    this.body = body;
    this.ok = status >= 200 && status < 300;
  }
  async json(): Promise<unknown> {
    return JSON.parse(this.body) as unknown;
  }
  async text(): Promise<string> {
    return this.body;
  }
}

/**
 * A `fetch` answering from `answers`; every URL asked for but missing is added to `missing`. Only GETs are answered:
 * a render never changes state.
 */
export function createServerFetch(answers: Record<string, HostAnswer>, missing: Set<string>): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
    const method = init?.method ?? 'GET';
    const answer = method === 'GET' ? answers[url] : undefined;
    if (!answer) {
      if (method === 'GET') missing.add(url);
      throw new NotRendered(url);
    }
    return new HostResponse(answer.status, answer.body) as unknown as Response;
  }) as typeof fetch;
}

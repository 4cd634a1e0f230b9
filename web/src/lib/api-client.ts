import { REQUEST_TIMEOUT_MS } from '@/config/constants';

/** One entry of the API's error body (docs/api.md "Errors"). */
export interface ApiErrorItem {
  /** Stable message code, e.g. `OFFER_NOT_FOUND`, `SORT_INVALID`. */
  code: string;
  /** The parameter at fault, or `null` when no single field is. */
  field: string | null;
  /** Human-readable detail (English, for logs; the UI shows texts from `i18n/` by `code`). */
  detail: string;
}

/**
 * A failed API call. `status` is the HTTP status (0 when no answer came: network failure or
 * time-out); `errors` is the parsed error body (`{"errors":[…]}`), empty when the body had none.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: ApiErrorItem[];

  constructor(status: number, errors: ApiErrorItem[], message?: string) {
    super(message ?? errors[0]?.detail ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }

  /** The first error code, e.g. `OFFER_NOT_FOUND`; `NETWORK` / `TIMEOUT` when no answer came. */
  get code(): string {
    return this.errors[0]?.code ?? (this.status === 0 ? 'NETWORK' : `HTTP_${this.status}`);
  }

  /** True for `404` answers (unknown section, offer, collection). */
  get isNotFound(): boolean {
    return this.status === 404;
  }
}

/** True when `error` is an {@link ApiError} answering 404. */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiError && error.isNotFound;
}

/** Query-string values accepted by {@link apiGet}; `undefined`, `null` and `''` are left out. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** Options of {@link apiGet}. */
export interface ApiGetOptions {
  /** Query-string parameters. */
  params?: QueryParams;
  /** Cancels the request (TanStack Query passes one per query). */
  signal?: AbortSignal;
}

function buildUrl(path: string, params?: QueryParams): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

async function readErrors(response: Response): Promise<ApiErrorItem[]> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && Array.isArray((body as { errors?: unknown }).errors)) {
      return (body as { errors: ApiErrorItem[] }).errors;
    }
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): no details.
  }
  return [];
}

/**
 * GETs JSON from the Vitrina API (`path` is absolute, e.g. `/api/sections`) and returns the parsed body as `T`.
 *
 * This is the only place in the app that calls `fetch`. Every request is aborted after
 * {@link REQUEST_TIMEOUT_MS} (spec §7: "All calls use JSON … with a 60 time-out value").
 *
 * @throws {ApiError} on a non-2xx answer (with the parsed `errors`), on a network failure (`status` 0,
 *   code `NETWORK`) or on the time-out (`status` 0, code `TIMEOUT`). A caller's own abort rethrows the
 *   `AbortError` untouched so TanStack Query can treat it as a cancellation.
 */
export async function apiGet<T>(path: string, options: ApiGetOptions = {}): Promise<T> {
  const { params, signal } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });

  try {
    const response = await fetch(buildUrl(path, params), {
      method: 'GET',
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      signal: controller.signal,
    });
    if (!response.ok) {
      throw new ApiError(response.status, await readErrors(response));
    }
    return (await response.json()) as T;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) {
      throw new ApiError(0, [{ code: 'TIMEOUT', field: null, detail: `No answer in ${REQUEST_TIMEOUT_MS} ms` }]);
    }
    if (signal?.aborted) throw error;
    throw new ApiError(0, [{ code: 'NETWORK', field: null, detail: String(error) }]);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

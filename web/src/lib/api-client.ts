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
  /** The whole parsed JSON body of the answer (e.g. a form's 422 `{status, errors, captcha}`), `null` when none. */
  readonly body: unknown;

  constructor(status: number, errors: ApiErrorItem[], message?: string, body: unknown = null) {
    super(message ?? errors[0]?.detail ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
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

async function readError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): no details.
  }
  const errors =
    body && typeof body === 'object' && Array.isArray((body as { errors?: unknown }).errors)
      ? (body as { errors: ApiErrorItem[] }).errors
      : [];
  return new ApiError(response.status, errors, undefined, body);
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
  return request<T>(buildUrl(path, params), { method: 'GET', headers: { Accept: 'application/json' } }, signal);
}

/**
 * Sends `init` to `url` with the {@link REQUEST_TIMEOUT_MS} time-out and the caller's `signal`; parses the JSON
 * answer. Throws as {@link apiGet} describes.
 */
async function request<T>(url: string, init: RequestInit, signal?: AbortSignal): Promise<T> {
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
    const response = await fetch(url, { ...init, credentials: 'same-origin', signal: controller.signal });
    if (!response.ok) {
      throw await readError(response);
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

/** Answer of `GET /api/session` (docs/api.md "Session"): the CSRF token and, later, the user and settings. */
export interface SessionAnswer {
  /** The session's CSRF token (spec §3 "sessid"), sent as `X-CSRF-Token` with every state-changing request. */
  sessid: string;
  user: unknown;
  settings: Record<string, unknown>;
}

/** The header a state-changing request carries the session's CSRF token in. */
export const CSRF_HEADER = 'X-CSRF-Token';

let csrfToken: Promise<string> | null = null;

/**
 * The session's CSRF token: `GET /api/session` once (which also starts the visitor's session), then kept. A failed
 * fetch is forgotten, so the next call tries again.
 */
export function getCsrfToken(): Promise<string> {
  if (!csrfToken) {
    csrfToken = apiGet<SessionAnswer>('/api/session').then(
      (session) => session.sessid,
      (error: unknown) => {
        csrfToken = null;
        throw error;
      },
    );
  }
  return csrfToken;
}

/** Forgets the kept CSRF token (the session ended or changed); the next state-changing call fetches it again. */
export function resetCsrfToken(): void {
  csrfToken = null;
}

/** Options of {@link apiPost}. */
export interface ApiPostOptions {
  /** Cancels the request. */
  signal?: AbortSignal;
}

/**
 * POSTs `body` as JSON to the Vitrina API with the session's CSRF token (`X-CSRF-Token`, from
 * {@link getCsrfToken}) and returns the parsed answer. When the server refuses the token (403
 * `CSRF_TOKEN_INVALID`: the session expired meanwhile), it fetches a new token and tries once more.
 *
 * @throws {ApiError} as {@link apiGet}; a 4xx answer's whole body is in `error.body` (a form's 422 answer).
 */
export async function apiPost<T>(path: string, body: unknown, options: ApiPostOptions = {}): Promise<T> {
  const send = async () => {
    const token = await getCsrfToken();
    return request<T>(
      path,
      {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', [CSRF_HEADER]: token },
        body: JSON.stringify(body),
      },
      options.signal,
    );
  };
  try {
    return await send();
  } catch (error) {
    if (error instanceof ApiError && error.status === 403 && error.code === 'CSRF_TOKEN_INVALID') {
      resetCsrfToken();
      return send();
    }
    throw error;
  }
}

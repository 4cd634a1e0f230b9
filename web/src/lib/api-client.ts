import { REQUEST_TIMEOUT_MS } from '@/config/constants';
import type { ApiErrorBody, ApiErrorItem, SessionAnswer } from './api/types';

/** The API's types the app reads from here (generated from the OpenAPI document, `./api/types.ts`). */
export type { ApiErrorItem, Location, MapTiles, SessionAnswer, SessionSettings } from './api/types';

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

/**
 * Query-string values accepted by {@link apiGet}; `undefined`, `null` and `''` are left out, and a list is the key
 * repeated, once per value (a listing's `vendor=HP&vendor=Canon`). Keys are written in the object's order.
 */
export type QueryParams = Record<string, string | number | boolean | readonly string[] | null | undefined>;

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
    if (Array.isArray(value)) {
      for (const item of value as readonly string[]) search.append(key, item);
    } else {
      search.set(key, String(value));
    }
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
      ? (body as ApiErrorBody).errors
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
    // 204 No Content (e.g. `POST /api/viewed`): nothing to parse.
    if (response.status === 204) return undefined as T;
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

/** The header a state-changing request carries the session's CSRF token in. */
export const CSRF_HEADER = 'X-CSRF-Token';

let session: Promise<SessionAnswer> | null = null;

/**
 * The visitor's session: `GET /api/session` once (which also starts the session), then kept. A failed fetch is
 * forgotten, so the next call tries again. `lib/session.ts` exposes it to components as a query.
 */
export function getSession(): Promise<SessionAnswer> {
  if (!session) {
    const current = apiGet<SessionAnswer>('/api/session').catch((error: unknown) => {
      if (session === current) session = null;
      throw error;
    });
    session = current;
  }
  return session;
}

/** The session's CSRF token (from {@link getSession}). */
export async function getCsrfToken(): Promise<string> {
  return (await getSession()).sessid;
}

/** Forgets the kept session (it ended or changed); the next state-changing call fetches it again. */
export function resetCsrfToken(): void {
  session = null;
}

/** Options of {@link apiPost} and {@link apiSend}. */
export interface ApiPostOptions {
  /** Cancels the request. */
  signal?: AbortSignal;
}

/** The state-changing methods {@link apiSend} takes. */
export type MutationMethod = 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Sends `body` (JSON; none when `undefined`) to the Vitrina API with `method` and the session's CSRF token
 * (`X-CSRF-Token`, from {@link getCsrfToken}) and returns the parsed answer (`undefined` for 204). When the server
 * refuses the token (403 `CSRF_TOKEN_INVALID`: the session expired meanwhile), it fetches a new token and tries
 * once more.
 *
 * @throws {ApiError} as {@link apiGet}; a 4xx answer's whole body is in `error.body` (a form's 422 answer).
 */
export async function apiSend<T>(
  method: MutationMethod,
  path: string,
  body?: unknown,
  options: ApiPostOptions = {},
): Promise<T> {
  const send = async () => {
    const token = await getCsrfToken();
    const headers: Record<string, string> = { Accept: 'application/json', [CSRF_HEADER]: token };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return request<T>(
      path,
      { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
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

/** POSTs `body` as JSON: {@link apiSend}`('POST', path, body, options)`. */
export function apiPost<T>(path: string, body: unknown, options: ApiPostOptions = {}): Promise<T> {
  return apiSend<T>('POST', path, body, options);
}

/**
 * Sends `body` (JSON; none when `undefined`) with `method` and the CSRF token `token` of another session than the
 * shopper's: the back office's staff session (issue 37), whose token `GET /api/admin/session` gives. No retry: the
 * caller knows its own session. Throws as {@link apiGet}.
 */
export function apiSendWithToken<T>(method: MutationMethod, path: string, token: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', [CSRF_HEADER]: token };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return request<T>(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

import { ERROR_KEYS, type ErrorBody } from '@contracts/error-keys';
import { queryOptions } from '@tanstack/react-query';
import type { ROUTES } from '@contracts/routes';
import type { z } from 'zod';
import { env } from '@/config/env';
import { freshIdToken, getSession, refreshIdToken } from './session';

/** An API failure with the catalogue body (functions/src/contracts/errors.ts). */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly statusMessage: string;
  readonly details: ErrorBody['details'];
  constructor(body: ErrorBody) {
    super(body.message || body.statusMessage);
    this.name = 'ApiError';
    this.statusCode = body.statusCode;
    this.statusMessage = body.statusMessage;
    this.details = body.details;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

// The API's calls are typed from the route declarations (functions/src/contracts/routes.ts), by type only:
// no zod reaches the browser through this file. A call names its route as `'METHOD /api/path/{param}'`,
// exactly the declared method and path, and gets the declared parameters, query, body and answer:
//   api('GET /api/member/{uid}', { params: { uid } })  ->  Promise<Member>

type Routes = typeof ROUTES;
type KeyOf<D> = D extends { method: infer M extends string; path: infer P extends string } ? `${Uppercase<M>} ${P}` : never;
type ByKey = { [N in keyof Routes as KeyOf<Routes[N]>]: Routes[N] };
/** Every declared route, as `'GET /api/member/{uid}'`. */
export type RouteKey = keyof ByKey;
type DeclOf<K extends RouteKey> = ByKey[K];
type Part<D, P extends 'params' | 'query' | 'body'> = D extends Record<P, infer S extends z.ZodType> ? (P extends 'query' ? { [Q in P]?: z.input<S> } : { [Q in P]: z.input<S> }) : unknown;
/** What a call sends: the declared path parameters, query and body. */
export type ApiInput<K extends RouteKey> = Part<DeclOf<K>, 'params'> & Part<DeclOf<K>, 'query'> & Part<DeclOf<K>, 'body'>;
type Answers<D> = D extends { responses: infer R } ? R[keyof R] : never;
/** What the route answers: the output of its declared success schemas (nothing for a 204). */
export type ApiAnswer<K extends RouteKey> = Answers<DeclOf<K>> extends infer A ? (A extends { schema: infer S extends z.ZodType } ? z.output<S> : void) : never;

export interface RequestOptions {
  /** Send the session's ID token as a Bearer token (default: when signed in). */
  auth?: boolean;
  signal?: AbortSignal;
  /**
   * The call is idempotent (an order placement with its client-made orderId): a cut-off or a 5xx is
   * retried with the same body before the error is shown, so a buyer whose request was lost learns
   * the real outcome (the server answers a replay with the order it made, or the true refusal).
   */
  retryOnFailure?: boolean;
}

/** Waits before each retry of an idempotent call: a blip passes, a restarting server gets time. */
export const RETRY_DELAYS_MS = [1_000, 2_000, 4_000];
const RETRYABLE = new Set([0, 500, 502, 503, 504]);

let onUnauthorized: () => void = () => {};

/** Installed by the app: clear the session and go to /user/logIn. */
export function setUnauthorizedHandler(fn: () => void) {
  onUnauthorized = fn;
}

async function parseError(res: Response): Promise<ApiError> {
  let body: Partial<ErrorBody> = {};
  try {
    body = (await res.json()) as Partial<ErrorBody>;
  } catch {
    // not JSON (a proxy or the platform answered): keep the status
  }
  return new ApiError({
    statusCode: typeof body.statusCode === 'number' ? body.statusCode : res.status,
    statusMessage: typeof body.statusMessage === 'string' ? body.statusMessage : res.statusText,
    message: typeof body.message === 'string' ? body.message : '',
    details: body.details,
  });
}

async function sendWithRetries(send: () => Promise<Response>, opts: RequestOptions): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const delay = opts.retryOnFailure ? RETRY_DELAYS_MS[attempt] : undefined;
    try {
      const res = await send();
      if (delay === undefined || !RETRYABLE.has(res.status)) return res;
    } catch (err) {
      if (delay === undefined || !isApiError(err) || err.statusCode !== 503) throw err;
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
    if (opts.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
  }
}

/** The URL of a declared route with its parameters and query filled in. */
export function apiUrl(key: RouteKey, input: { params?: Record<string, string>; query?: Record<string, unknown> } = {}): string {
  const template = key.slice(key.indexOf(' ') + 1).replace(/^\/api/, '');
  const path = template.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(input.params?.[name] ?? ''));
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(input.query ?? {})) if (v !== undefined && v !== null && v !== '') query.set(k, String(v));
  const qs = query.toString();
  return `${env.apiBase}${path}${qs ? `?${qs}` : ''}`;
}

/**
 * The one API client: calls a declared route. On 401 it refreshes the ID token once and retries; a
 * second 401 logs out (clears the session, goes to /user/logIn) and then raises the error.
 */
export function api<K extends RouteKey>(key: K, input: ApiInput<K>, opts: RequestOptions = {}): Promise<ApiAnswer<K>> {
  const i = input as { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown };
  return request(key.slice(0, key.indexOf(' ')) as Method, apiUrl(key, i), i.body, opts) as Promise<ApiAnswer<K>>;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

async function request(method: Method, url: string, body: unknown, opts: RequestOptions): Promise<unknown> {
  const send = async () => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    // An ID token about to expire is refreshed before the call rather than after a 401.
    const idToken = opts.auth !== false ? await freshIdToken() : null;
    if (idToken) headers.Authorization = `Bearer ${idToken}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      return await fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: opts.signal,
      });
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new ApiError({ statusCode: 503, statusMessage: ERROR_KEYS.unavailable, message: '網路連線失敗' });
    }
  };

  let res = await sendWithRetries(send, opts);
  if (res.status === 401 && opts.auth !== false && getSession()?.refreshToken && (await refreshIdToken())) {
    res = await send();
  }
  if (res.status === 401) {
    const error = await parseError(res);
    onUnauthorized();
    throw error;
  }
  if (!res.ok) throw await parseError(res);
  if (res.status === 204) return undefined;
  return res.json();
}

// The query cache's one key shape: the declared route and what is sent,
//   ['GET /api/order/{userId}', { params: { userId } }]
// typed from the route declarations (functions/src/contracts/routes.ts), so one answer has one key
// wherever it is read, and a change invalidates every answer of a route with `[route]`.

export type ApiKey<K extends RouteKey> = readonly [K, ApiInput<K>];

export const apiKey = <K extends RouteKey>(key: K, input: ApiInput<K>): ApiKey<K> => [key, input];

/** A read of a declared route through the query cache (the caller adds staleTime, retry, enabled). */
export const apiQuery = <K extends RouteKey>(key: K, input: ApiInput<K>, opts: Omit<RequestOptions, 'signal'> = {}) =>
  queryOptions({ queryKey: apiKey(key, input), queryFn: ({ signal }) => api(key, input, { ...opts, signal }) });

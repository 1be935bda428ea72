import type { ErrorBody } from '@contracts/errors';
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

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
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

/**
 * The one API client. On 401 it refreshes the ID token once and retries; a second 401 logs out
 * (clears the session, goes to /user/logIn) and then raises the error.
 */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const send = async () => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    // An ID token about to expire is refreshed before the call rather than after a 401.
    const idToken = opts.auth !== false ? await freshIdToken() : null;
    if (idToken) headers.Authorization = `Bearer ${idToken}`;
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      return await fetch(`${env.apiBase}${path}`, {
        method: opts.method ?? 'GET',
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: opts.signal,
      });
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new ApiError({ statusCode: 503, statusMessage: 'Firebase not find', message: '網路連線失敗' });
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
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

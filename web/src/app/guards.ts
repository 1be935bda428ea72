import { ERROR_KEYS } from '@contracts/error-keys';
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { isLoggedIn } from '@/lib/session';

// Route guards and validation of the seed's sections 2, 4 and 5, as loaders so they run before render.

/** Login required: anonymous visitors go to /user/logIn (and come back afterwards). */
export function requireLogin({ request }: LoaderFunctionArgs) {
  if (!isLoggedIn()) {
    const url = new URL(request.url);
    throw redirect(`/user/logIn?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return null;
}

/** The login, sign-up and reset pages send signed-in members home. */
export function redirectIfLoggedIn() {
  if (isLoggedIn()) throw redirect('/');
  return null;
}

/** /user itself: members go home, visitors to the login page. */
export function userIndex() {
  throw redirect(isLoggedIn() ? '/' : '/user/logIn');
}

export function notFoundError(detail?: string): never {
  // "Page not found…" is what the error catalogue shows as 找不到這個頁面 (contracts/errors.ts).
  const statusMessage = detail ? `Page not found: ${detail}` : 'Page not found';
  throw data({ statusMessage }, { status: 404, statusText: statusMessage });
}

/**
 * A book or campaign that is not there: the API's own 404 for a missing record, which the error
 * catalogue shows as 查無資料 (contracts/errors.ts), the same on the server and in the browser.
 */
export function missingRecordError(): never {
  throw data({ statusMessage: ERROR_KEYS.notFound }, { status: 404, statusText: ERROR_KEYS.notFound });
}

/** Failed route validation yields a 404 error. */
export function requireQuery(...names: string[]) {
  return ({ request }: LoaderFunctionArgs) => {
    const q = new URL(request.url).searchParams;
    for (const n of names) if (!q.get(n)) notFoundError(`missing query parameter ${n}`);
    return null;
  };
}

export function requireNonEmptyQuery({ request }: LoaderFunctionArgs) {
  if (!new URL(request.url).search.replace(/^\?/, '')) notFoundError('missing query');
  return null;
}

export const AUTH_ACTION_MODES = ['resetPassword', 'verifyEmail'] as const;

export function requireAuthActionMode({ params }: LoaderFunctionArgs) {
  const m = /^(.+)-success$/.exec(params.modeSuccess ?? '');
  if (!m || !(AUTH_ACTION_MODES as readonly string[]).includes(m[1]!)) notFoundError(`unknown mode ${params.modeSuccess}`);
  return null;
}

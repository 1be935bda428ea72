import { isRouteErrorResponse } from 'react-router';
import { isApiError } from '@/lib/api-client';

/**
 * Errors the error screen answers by design (an API 4xx such as an unknown campaign, a route's 404):
 * the shopper sees 找不到這個頁面, and the console stays clean. Anything else is a bug and is logged.
 */
export function isExpectedRouteError(error: unknown): boolean {
  if (isApiError(error)) return error.statusCode >= 400 && error.statusCode < 500;
  return isRouteErrorResponse(error) && error.status < 500;
}

/** RouterProvider's onError: replaces React Router's own "caught the following error" log. */
export function reportRouteError(error: unknown): void {
  if (!isExpectedRouteError(error)) console.error('Route error', error);
}

/** createRoot's onCaughtError: React's default logs every error an error boundary caught. */
export function reportCaughtError(error: unknown, info: { componentStack?: string }): void {
  if (!isExpectedRouteError(error)) console.error(error, info.componentStack ?? '');
}

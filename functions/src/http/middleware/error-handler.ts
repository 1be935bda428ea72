import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { ERROR_KEYS } from '../../contracts/errors';
import { logger } from '../../lib/logger';
import { Failure, internal, invalid, notFound, payloadTooLarge, unavailable, unsupportedMediaType } from '../../lib/failure';
import { errorBody, statusOf } from '../errors';
import { BODY_LIMIT } from './body';
import { requestIdOf } from './request-id';
import { issuesToDetails } from './validate';

/** Unknown API routes: the catalogue's 404. */
export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(notFound(`No route ${req.method} ${req.path}`));
};

// gRPC codes from Firestore that mean "cannot reach the backend".
const UNAVAILABLE_CODES = new Set([14, 4, 'unavailable', 'deadline-exceeded', 'app/network-error', 'app/network-timeout']);

/** Whatever was thrown, as the one error family: a Failure passes, anything else is named here. */
export function toFailure(err: unknown): Failure {
  if (err instanceof Failure) return err;
  if (err instanceof ZodError) return invalid('Invalid data', issuesToDetails(err.issues));
  const e = err as { type?: string; status?: number; code?: unknown; cause?: { code?: unknown } };
  // body-parser (plain server and tests)
  if (e?.type === 'entity.parse.failed') return invalid('The body is not valid JSON', undefined, ERROR_KEYS.invalidJson);
  if (e?.type === 'entity.too.large') return payloadTooLarge(BODY_LIMIT);
  if (e?.status === 415) return unsupportedMediaType(undefined);
  // Express's own 4xx errors: body-parser's (with a type) and a path that is not valid percent-encoded
  // UTF-8 (a URIError from the router's decodeURIComponent, with status 400 and no type).
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500 && (e.type || err instanceof URIError)) return invalid(err instanceof URIError ? 'The URL is not valid percent-encoded UTF-8' : String(e.type));
  if (UNAVAILABLE_CODES.has(e?.code as never)) return unavailable();
  if (e?.cause && ['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT'].includes(String(e.cause.code))) return unavailable();
  return internal();
}

/** The one place where failures become the catalogue body. Never a stack, never internals. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  // The request deadline (deadline.ts) already answered; the handler finishing late is not a failure.
  if (res.headersSent && (err as { code?: unknown })?.code === 'ERR_HTTP_HEADERS_SENT') return;
  const failure = toFailure(err);
  const status = statusOf(failure);
  if (status >= 500) {
    logger.error('request failed', {
      path: req.path,
      method: req.method,
      error: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err),
    });
  }
  if (res.headersSent) return;
  res.status(status).set('Cache-Control', 'no-store').json(errorBody(failure, requestIdOf(req, res)));
};

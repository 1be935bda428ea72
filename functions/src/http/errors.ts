import { ERROR_KEYS, type ErrorBody } from '../contracts/errors';
import { Failure, type FailureKind } from '../lib/failure';

/** A failure the API answers on purpose, with a catalogue key. The error handler turns it into the body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly statusMessage: string,
    message?: string,
    readonly details?: ErrorBody['details'],
  ) {
    super(message ?? statusMessage);
    this.name = 'HttpError';
  }

  /** The catalogue body; with the request's id when known (http/middleware/request-id.ts). */
  toBody(requestId?: string): ErrorBody {
    const body: ErrorBody = { statusCode: this.statusCode, statusMessage: this.statusMessage, message: this.message };
    if (this.details) body.details = this.details;
    if (requestId) body.requestId = requestId;
    return body;
  }
}

export const badRequest = (message = 'The request does not match the schema', details?: ErrorBody['details']) =>
  new HttpError(400, ERROR_KEYS.badRequest, message, details);
export const unauthorized = (message = 'A valid bearer ID token is required') =>
  new HttpError(401, ERROR_KEYS.unauthorized, message);
export const forbidden = (message = 'You may not access this resource') =>
  new HttpError(403, ERROR_KEYS.permissionDenied, message);
export const notFound = (message = 'No record found') => new HttpError(404, ERROR_KEYS.notFound, message);
export const payloadTooLarge = (limit: number) =>
  new HttpError(413, ERROR_KEYS.payloadTooLarge, `The body is larger than ${limit} bytes`);
export const unsupportedMediaType = (contentType: string | undefined) =>
  new HttpError(415, ERROR_KEYS.unsupportedMediaType, `The body must be application/json (got ${contentType ? JSON.stringify(contentType.slice(0, 100)) : 'no Content-Type'})`);
export const tooManyAttempts = () =>
  new HttpError(429, ERROR_KEYS.tooManyAttempts, 'Too many attempts, try again later');
export const unavailable = (message = 'A backing service is unreachable') =>
  new HttpError(503, ERROR_KEYS.unavailable, message);

/** The status each kind of expected failure (lib/failure.ts) answers with: the only place it is decided. */
const STATUS_OF: Record<FailureKind, number> = { invalid: 400, forbidden: 403, notFound: 404, conflict: 409, gone: 410, unavailable: 503 };

/** A service's expected failure as the API answers it. */
export const httpErrorOf = (f: Failure) => new HttpError(STATUS_OF[f.kind], f.key, f.message, f.details);

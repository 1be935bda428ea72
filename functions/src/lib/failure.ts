import { ERROR_KEYS, type ErrorBody } from '../contracts/errors';

// The API's one error family: every expected failure, from a service, a repository or a middleware, is a
// Failure: what went wrong (the kind), the catalogue key the client explains it by, and the fields
// concerned, without any HTTP in it. Only the HTTP layer (functions/src/http/errors.ts) turns a kind into
// a status code and the catalogue body.

export type FailureKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'gone'
  | 'tooLarge'
  | 'unsupportedMediaType'
  | 'tooManyAttempts'
  | 'internal'
  | 'unavailable';

export class Failure extends Error {
  constructor(
    readonly kind: FailureKind,
    /** The catalogue key (contracts/errors.ts), or an Identity Toolkit code the catalogue explains. */
    readonly key: string,
    message: string,
    readonly details?: ErrorBody['details'],
  ) {
    super(message);
    this.name = 'Failure';
  }
}

/** The input cannot be used (the schema refused it, or a field the schema could not judge: an unknown book, a foreign token). */
export const invalid = (message = 'The request does not match the schema', details?: ErrorBody['details'], key: string = ERROR_KEYS.badRequest) => new Failure('invalid', key, message, details);
/** No usable identity: no, a malformed, an expired or a revoked bearer token. */
export const unauthorized = (message = 'A valid bearer ID token is required') => new Failure('unauthenticated', ERROR_KEYS.unauthorized, message);
export const forbidden = (message = 'You may not access this resource', key: string = ERROR_KEYS.permissionDenied) => new Failure('forbidden', key, message);
export const notFound = (message = 'No record found', key: string = ERROR_KEYS.notFound) => new Failure('notFound', key, message);
/** It was there once and will not be again (an expired link). */
export const gone = (key: string, message: string) => new Failure('gone', key, message);
/** The state does not allow it (sold out, closed, already used, a status that cannot move there). */
export const conflict = (key: string, message?: string, details?: ErrorBody['details']) => new Failure('conflict', key, message ?? key, details);
export const payloadTooLarge = (limit: number) => new Failure('tooLarge', ERROR_KEYS.payloadTooLarge, `The body is larger than ${limit} bytes`);
export const unsupportedMediaType = (contentType: string | undefined) =>
  new Failure('unsupportedMediaType', ERROR_KEYS.unsupportedMediaType, `The body must be application/json (got ${contentType ? JSON.stringify(contentType.slice(0, 100)) : 'no Content-Type'})`);
export const tooManyAttempts = () => new Failure('tooManyAttempts', ERROR_KEYS.tooManyAttempts, 'Too many attempts, try again later');
/** Anything unexpected, as the client sees it: no stack, no internals. */
export const internal = () => new Failure('internal', ERROR_KEYS.internal, 'Something went wrong on our side');
/** A backing service did not answer; nothing was changed, the client may try again. */
export const unavailable = (message = 'A backing service is unreachable') => new Failure('unavailable', ERROR_KEYS.unavailable, message);

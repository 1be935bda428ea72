import { ERROR_KEYS, type ErrorBody } from '../contracts/errors';

// Expected failures of the services and repositories, as values without any HTTP in them: what went
// wrong (the kind), the catalogue key the client explains it by, and the fields concerned. Only the HTTP
// layer (functions/src/http/middleware/error-handler.ts) turns a kind into a status code.

export type FailureKind = 'invalid' | 'forbidden' | 'notFound' | 'conflict' | 'gone' | 'unavailable';

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

/** The input cannot be used (a field the schema could not judge: an unknown book, a foreign token). */
export const invalid = (message: string, details?: ErrorBody['details'], key: string = ERROR_KEYS.badRequest) => new Failure('invalid', key, message, details);
export const forbidden = (message = 'You may not access this resource') => new Failure('forbidden', ERROR_KEYS.permissionDenied, message);
export const notFound = (message = 'No record found', key: string = ERROR_KEYS.notFound) => new Failure('notFound', key, message);
/** It was there once and will not be again (an expired link). */
export const gone = (key: string, message: string) => new Failure('gone', key, message);
/** The state does not allow it (sold out, closed, already used, a status that cannot move there). */
export const conflict = (key: string, message?: string, details?: ErrorBody['details']) => new Failure('conflict', key, message ?? key, details);
/** A backing service did not answer; nothing was changed, the client may try again. */
export const unavailable = (message = 'A backing service is unreachable') => new Failure('unavailable', ERROR_KEYS.unavailable, message);

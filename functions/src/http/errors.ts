import type { ErrorBody } from '../contracts/errors';
import type { Failure, FailureKind } from '../lib/failure';

// The one error family is lib/failure.ts; this is where HTTP meets it.

/** The status each kind of failure answers with: the only place it is decided. */
const STATUS_OF: Record<FailureKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  gone: 410,
  tooLarge: 413,
  unsupportedMediaType: 415,
  tooManyAttempts: 429,
  internal: 500,
  unavailable: 503,
};

export const statusOf = (f: Failure): number => STATUS_OF[f.kind];

/** The catalogue body of a failure; with the request's id when known (http/middleware/request-id.ts). */
export function errorBody(f: Failure, requestId?: string): ErrorBody {
  const body: ErrorBody = { statusCode: statusOf(f), statusMessage: f.key, message: f.message };
  if (f.details) body.details = f.details;
  if (requestId) body.requestId = requestId;
  return body;
}

// The error body and the catalogue's keys (statusMessage values), without the Chinese words: what the
// browser's first JS needs to recognise an error (web/src/lib/api-client.ts). The words are in
// errors.ts, which the browser loads only with a page that shows them (docs/storefront.md).

export interface ErrorBody {
  statusCode: number;
  statusMessage: string;
  message: string;
  details?: { path: string; message: string }[];
  /** The request's id, also in the X-Request-Id header: it finds the request's log lines (docs/operations.md). */
  requestId?: string;
}

export const ERROR_KEYS = {
  invalidJson: 'Invalid JSON body',
  badRequest: 'Bad Request',
  unauthorized: 'Unauthorized',
  permissionDenied: 'Permission denied',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  notFound: 'Not Found, No record found',
  stockNotFound: 'Stock Not Found',
  outOfStock: 'OUT_OF_STOCK',
  planClosed: 'PLAN_CLOSED',
  unpaidLimit: 'UNPAID_LIMIT',
  orderConflict: 'ORDER_CONFLICT',
  invalidTransition: 'INVALID_TRANSITION',
  alreadyExists: 'ALREADY_EXISTS',
  planHasOrders: 'PLAN_HAS_ORDERS',
  planNotClosed: 'PLAN_NOT_CLOSED',
  outcomeDecided: 'OUTCOME_DECIDED',
  inStock: 'IN_STOCK',
  lineStateInvalid: 'LINE_STATE_INVALID',
  lineTokenInvalid: 'LINE_TOKEN_INVALID',
  lineAlreadyLinked: 'LINE_ALREADY_LINKED',
  payloadTooLarge: 'Payload Too Large',
  unsupportedMediaType: 'Unsupported Media Type',
  tooManyAttempts: 'TOO_MANY_ATTEMPTS_TRY_LATER',
  internal: 'Internal Server Error',
  // The wire value of every 503 is the seed specification's catalogue key, kept as written because
  // clients match on it (docs/api.md, "Errors"); code says ERROR_KEYS.unavailable, never the string.
  unavailable: 'Firebase not find',
} as const;

export type ErrorKey = (typeof ERROR_KEYS)[keyof typeof ERROR_KEYS];

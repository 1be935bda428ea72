import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { PROJECT_ID } from '../../lib/firebase';
import { withLogFields } from '../../lib/logger';

// One id per request, from Google's front end to the log lines and the answer (docs/operations.md):
// Hosting and Cloud Run pass the request's trace as `traceparent` (W3C) and `X-Cloud-Trace-Context`
// (`TRACE_ID/SPAN_ID;o=1`); their trace id is the request id, so a shopper's error body, the function's
// log lines and the platform's request log share it. Without one (the emulator, the plain server) a
// random id of the same shape. Only a well-formed trace id is taken: a caller cannot write arbitrary text
// into the logs through these headers.

const TRACE_ID = /^[0-9a-f]{32}$/;
const ZERO = '0'.repeat(32);

/** The trace id a request carries (traceparent first, then X-Cloud-Trace-Context), if well formed. */
export function traceIdOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const fromTraceparent = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/.exec(one(headers.traceparent)?.trim().toLowerCase() ?? '')?.[1];
  const fromCloud = one(headers['x-cloud-trace-context'])?.split('/')[0]?.trim().toLowerCase();
  return [fromTraceparent, fromCloud].find((id): id is string => !!id && TRACE_ID.test(id) && id !== ZERO);
}

/** This request's id: set once by the requestId middleware, generated here if it did not run. */
export function requestIdOf(req: Request, res: Response): string {
  const known = res.locals.requestId as string | undefined;
  if (known) return known;
  const id = traceIdOf(req.headers) ?? randomBytes(16).toString('hex');
  res.locals.requestId = id;
  return id;
}

/**
 * Gives the request its id: echoed in `X-Request-Id`, put in error bodies (error-handler.ts), and in
 * every log line written while it runs (lib/logger.ts), with the trace field Cloud Logging groups a
 * request's lines by (beside the platform's own request log).
 */
export const requestId: RequestHandler = (req, res, next) => {
  res.set('X-Request-Id', requestIdOf(req, res));
  withLogFields(logFieldsOf(req, res), next);
};

/** The fields that tie a log line to its request (for lines written outside its async context). */
export function logFieldsOf(req: Request, res: Response): Record<string, string> {
  const id = requestIdOf(req, res);
  return { requestId: id, 'logging.googleapis.com/trace': `projects/${PROJECT_ID}/traces/${id}` };
}

import type { RequestHandler } from 'express';
import { ALLOC_DEADLINE_MS, READ_DEADLINE_MS } from '../../lib/deadlines';
import { logger } from '../../lib/logger';
import { unavailable } from '../../lib/failure';
import { errorBody } from '../errors';
import { requestIdOf } from './request-id';

/** How long a request may wait for Firestore or Identity Toolkit before it answers 503 (lib/deadlines.ts says why). */
export const REQUEST_DEADLINE_MS = READ_DEADLINE_MS;

/**
 * Placing an order has its own, longer bound: the allocator (functions/src/api/orders/place-order.ts)
 * gives a placement ALLOC_DEADLINE_MS (40 s) and then withdraws the request, so that a failure answer
 * means no order; cutting in earlier would answer before that withdrawal. This one only catches a
 * placement whose Firestore calls themselves hang, 5 s later, still inside the 60 s function timeout
 * (and the Functions emulator's, which also counts the start of a cold worker).
 */
export const PLACEMENT_REQUEST_DEADLINE_MS = ALLOC_DEADLINE_MS + 5_000;

/** The deadline a route declares (contracts/routes.ts `deadline`), in milliseconds. */
export const deadlineMsOf = (kind: 'read' | 'placement' = 'read') => (kind === 'placement' ? PLACEMENT_REQUEST_DEADLINE_MS : REQUEST_DEADLINE_MS);

/**
 * Answers 503 `Firebase not find` when the handler has not answered within its deadline. Work that
 * is still running goes on: a write is atomic and lands whole or not at all, and a retried order is
 * idempotent (same orderId), so the client's retry gets the order that landed late.
 */
export function deadline(ms: number): RequestHandler & { deadlineMs: number } {
  const handler: RequestHandler = (req, res, next) => {
    const timer = setTimeout(() => {
      if (res.headersSent) return;
      logger.error('request deadline exceeded', { method: req.method, path: req.originalUrl, ms });
      res
        .status(503)
        .set('Cache-Control', 'no-store')
        .json(errorBody(unavailable(`No answer from Firestore or Identity Toolkit within ${ms / 1000} s`), requestIdOf(req, res)));
    }, ms);
    timer.unref();
    const stop = () => clearTimeout(timer);
    res.on('finish', stop);
    res.on('close', stop);
    next();
  };
  return Object.assign(handler, { deadlineMs: ms });
}

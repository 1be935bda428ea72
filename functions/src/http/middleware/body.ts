import express, { type RequestHandler } from 'express';
import { payloadTooLarge } from '../errors';

export const BODY_LIMIT = 64 * 1024;

/**
 * One JSON body policy whoever parsed the body. On Cloud Functions (and its emulator) the platform
 * has already parsed it and left the bytes in req.rawBody; elsewhere (the plain server, tests) the
 * app parses it itself. Either way the app's own 64 KiB limit applies. Parse errors reach the error
 * handler, which answers 400 `Invalid JSON body`.
 */
export function jsonBody(limit = BODY_LIMIT): RequestHandler {
  const parse = express.json({ limit, strict: false, type: ['application/json', 'application/*+json'] });
  return (req, res, next) => {
    const raw = (req as { rawBody?: Buffer }).rawBody;
    if (raw !== undefined) {
      if (raw.length > limit) return next(payloadTooLarge(limit));
      return next();
    }
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) return next(payloadTooLarge(limit));
    return parse(req, res, next);
  };
}

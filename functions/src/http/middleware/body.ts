import express, { type Request, type RequestHandler } from 'express';
import { payloadTooLarge, unsupportedMediaType } from '../../lib/failure';

export const BODY_LIMIT = 64 * 1024;

/** True when the request carries a body, whoever parsed it (platform: rawBody; elsewhere: headers). */
function hasBody(req: Request, raw: Buffer | undefined): boolean {
  if (raw !== undefined && raw.length > 0) return true;
  if (req.headers['transfer-encoding']) return true;
  return Number(req.headers['content-length'] ?? 0) > 0;
}

/** `application/json` or a `+json` type, in UTF-8 if a charset is named (RFC 8259: JSON is UTF-8). */
export function isJsonContentType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const [type = '', ...params] = contentType.split(';').map((p) => p.trim().toLowerCase());
  if (!/^application\/(?:[a-z0-9.-]+\+)?json$/.test(type)) return false;
  return params.every((p) => !p.startsWith('charset=') || /^charset="?utf-8"?$/.test(p));
}

/**
 * One JSON body policy whoever parsed the body. On Cloud Functions (and its emulator) the platform
 * has already parsed it and left the bytes in req.rawBody; elsewhere (the plain server, tests) the
 * app parses it itself. Either way:
 * - a body that is not `application/json` answers 415: the platform happily parses form posts and
 *   text/plain, and those are exactly what a cross-site HTML form can send without a CORS preflight,
 *   so refusing them keeps such a form from driving sign-in, sign-up or inquiries;
 * - the app's own 64 KiB limit applies (413).
 * Parse errors reach the error handler, which answers 400 `Invalid JSON body`.
 */
export function jsonBody(limit = BODY_LIMIT): RequestHandler & { bodyLimit: number } {
  const parse = express.json({ limit, strict: false, type: () => true });
  const handler: RequestHandler = (req, res, next) => {
    const raw = (req as { rawBody?: Buffer }).rawBody;
    if (!hasBody(req, raw)) return next();
    const contentType = req.headers['content-type'];
    if (!isJsonContentType(contentType)) return next(unsupportedMediaType(contentType));
    if (raw !== undefined) {
      if (raw.length > limit) return next(payloadTooLarge(limit));
      return next();
    }
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) return next(payloadTooLarge(limit));
    return parse(req, res, next);
  };
  return Object.assign(handler, { bodyLimit: limit });
}

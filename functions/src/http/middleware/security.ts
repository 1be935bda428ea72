import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** Security headers for JSON responses; API answers are private and uncached unless a route says otherwise. */
export function securityHeaders(): RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      crossOriginResourcePolicy: { policy: 'same-origin' },
    }),
    (_req, res, next) => {
      res.set('Cache-Control', 'no-store');
      next();
    },
  ];
}

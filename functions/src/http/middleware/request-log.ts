import type { RequestHandler } from 'express';
import { logger } from '../../lib/logger';
import { logFieldsOf } from './request-id';

/** One structured line per request, with latency, in Cloud Logging's httpRequest shape, and its id. */
export const requestLog: RequestHandler = (req, res, next) => {
  const start = process.hrtime.bigint();
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    // 'finish' may fire outside the request's async context: its id is added explicitly.
    logger.info(`${req.method} ${req.originalUrl} ${res.statusCode}`, {
      ...logFieldsOf(req, res),
      httpRequest: {
        requestMethod: req.method,
        requestUrl: req.originalUrl,
        status: res.statusCode,
        latency: `${(ms / 1000).toFixed(4)}s`,
        userAgent: req.headers['user-agent'],
      },
    });
  });
  next();
};

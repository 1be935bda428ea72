import type { RequestHandler } from 'express';
import { logger } from '../../lib/logger';

/** One structured line per request, with latency, in Cloud Logging's httpRequest shape. */
export const requestLog: RequestHandler = (req, res, next) => {
  const start = process.hrtime.bigint();
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    logger.info(`${req.method} ${req.originalUrl} ${res.statusCode}`, {
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

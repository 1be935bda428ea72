/* eslint-disable @typescript-eslint/no-require-imports */
import { unsubscribeSecret } from './api/content/secrets';
import type { Express } from 'express';
import { onRequest } from 'firebase-functions/https';

let app: Express | undefined;

/** The whole API: one Express app behind Hosting's `/api/**` rewrite. Built on the first request. */
export const api = onRequest({ region: 'asia-east1', memory: '512MiB', concurrency: 80, secrets: [unsubscribeSecret] }, (req, res) => {
  app ??= (require('./app') as typeof import('./app')).createApp();
  app(req, res);
});

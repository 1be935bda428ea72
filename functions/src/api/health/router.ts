import { Router } from 'express';
import { health } from './service';

/** /api/health: for uptime checks and after a deploy (docs/operations.md). 503 when Firestore is unreachable. */
export function healthRouter() {
  const r = Router();
  r.get('/', async (_req, res) => {
    res.json(await health());
  });
  return r;
}

import { healthAnswerSchema } from '../health';
import { ok, routesOf, type RouteDecl } from './declare';

// Operations: the health check (api/health/router.ts). Part of ROUTES (../routes.ts).

const metaRoute = routesOf({ tag: 'Meta', access: 'public' });

export const HEALTH_ROUTES = {
  getHealth: metaRoute('get', '/api/health', { responses: ok('Running, and Firestore answers', healthAnswerSchema) },
    'Health: version and Firestore reachability', 'For uptime checks and after a deploy (docs/operations.md): the running version and Cloud Run revision, and one read of Firestore (checked at most every 5 s per instance). 503 `Firebase not find` when Firestore does not answer within 3 s. Never a secret or configuration value.'),
} as const satisfies Record<string, RouteDecl>;

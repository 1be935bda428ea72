import { healthAnswerSchema } from '../health';
import { route, type RouteDecl } from './declare';

// Operations: the health check (api/health/router.ts). Part of ROUTES (../routes.ts).

export const HEALTH_ROUTES = {
  getHealth: route({
    method: 'get',
    path: '/api/health',
    tag: 'Meta',
    summary: 'Health: version and Firestore reachability',
    description:
      'For uptime checks and after a deploy (docs/operations.md): the running version and Cloud Run revision, and one read of Firestore (checked at most every 5 s per instance). 503 `Firebase not find` when Firestore does not answer within 3 s. Never a secret or configuration value.',
    access: 'public',
    responses: { 200: { description: 'Running, and Firestore answers', schema: healthAnswerSchema } },
  }),
} as const satisfies Record<string, RouteDecl>;

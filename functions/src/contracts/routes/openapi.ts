import { z } from 'zod';
import { textSchema } from '../common';
import { ok, routesOf, type RouteDecl } from './declare';

// This document (api/openapi/router.ts). Part of ROUTES (../routes.ts).

const metaRoute = routesOf({ tag: 'Meta', access: 'public' });

export const OPENAPI_ROUTES = {
  getOpenApiDocument: metaRoute('get', '/api/openapi.json', {
    responses: ok('The OpenAPI document', z.looseObject({ openapi: textSchema, info: z.looseObject({}), paths: z.looseObject({}) })),
    // The document changes only with a deploy: browsers may keep it 5 minutes, Hosting's CDN an hour.
    cache: 'public, max-age=300, s-maxage=3600',
  }, 'This OpenAPI document',
    'The OpenAPI 3.1 document of the API, generated from the zod contracts at build time.'),
} as const satisfies Record<string, RouteDecl>;

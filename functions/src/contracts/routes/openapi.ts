import { z } from 'zod';
import { textSchema } from '../common';
import { route, type RouteDecl } from './declare';

// This document (api/openapi/router.ts). Part of ROUTES (../routes.ts).

export const OPENAPI_ROUTES = {
  getOpenApiDocument: route({
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Meta',
    summary: 'This OpenAPI document',
    description: 'The OpenAPI 3.1 document of the API, generated from the zod contracts at build time.',
    access: 'public',
    responses: { 200: { description: 'The OpenAPI document', schema: z.looseObject({ openapi: textSchema, info: z.looseObject({}), paths: z.looseObject({}) }) } },
    // The document changes only with a deploy: browsers may keep it 5 minutes, Hosting's CDN an hour.
    cache: 'public, max-age=300, s-maxage=3600',
  }),
} as const satisfies Record<string, RouteDecl>;

import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import { textSchema } from '../contracts/common';
import { ERROR_CATALOGUE, ERROR_KEYS, type ErrorBody } from '../contracts/errors';
import { ROUTES, type RouteDecl } from '../contracts/routes';

// Builds the OpenAPI 3.1 document from the route declarations (contracts/routes.ts) and their zod
// schemas, with zod-openapi. Run by `npm run openapi` (scripts/openapi.mjs), which writes functions/openapi.json
// (served by GET /api/openapi.json) and the reference page docs/api/index.html. Never loaded by the
// function itself: its cold start reads the generated JSON file only when that route is called.

export const API_VERSION = '1.0.0';

const STATUS_TEXT: Record<number, string> = {
  400: 'The body, parameters or query break the schema (`details` says where), or a refusal with its own key',
  401: 'No, bad or expired bearer token (`Unauthorized`)',
  403: 'A valid token without the right',
  404: 'No such record',
  409: 'A conflict with the stored state',
  413: 'The body is larger than 64 KiB (`Payload Too Large`)',
  415: 'The body is not `application/json` (`Unsupported Media Type`)',
  429: 'Too many attempts from this address or for this account (`TOO_MANY_ATTEMPTS_TRY_LATER`)',
  500: 'Anything unexpected (`Internal Server Error`); no stack, no internals',
  503: 'Firestore or Identity Toolkit unreachable (`Firebase not find`)',
};

// The one schema that lives here: contracts/errors.ts keeps the browser's first JS free of zod, so the
// error body is an interface there, and this schema must produce it (`satisfies` checks that). The
// fuzz suite checks every refusal against it (tests/fuzz/fuzz.test.ts).
export const errorBodySchema = z
  .object({
    statusCode: z.number().int().min(400).max(599),
    statusMessage: textSchema.meta({ description: 'The catalogue key (see the error catalogue in the API description)' }),
    message: textSchema.meta({ description: 'A human-readable detail in English' }),
    details: z.array(z.object({ path: textSchema, message: textSchema })).optional().meta({ description: 'Validation errors: which field and why (in Chinese)' }),
    requestId: textSchema.optional().meta({ description: "The request's id, also sent as the X-Request-Id header: quote it when reporting a failure; it finds the request's log lines" }),
  })
  .meta({ id: 'ErrorBody', description: 'Every failure answers this body, whatever failed.' }) satisfies z.ZodType<ErrorBody>;

const errorContent = { 'application/json': { schema: errorBodySchema } };

function errorResponse(status: number, keys: readonly string[] = []) {
  const list = keys.length ? ` Keys: ${keys.map((k) => (k.startsWith('Identity Toolkit') ? k : `\`${k}\``)).join(', ')}.` : '';
  return { description: `${STATUS_TEXT[status] ?? 'An error'}.${list}`, content: errorContent };
}

function operation(operationId: string, route: RouteDecl): ZodOpenApiOperationObject {
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, ok] of Object.entries(route.responses)) {
    responses[status as '200'] = {
      description: ok.description,
      headers: z.object({ 'Cache-Control': textSchema.optional().meta({ description: cacheText(route) }) }),
      // 204 No Content: no body at all.
      content:
        status === '204'
          ? undefined
          : ok.text
            ? { [ok.text.mediaType]: { schema: z.string().meta({ description: ok.text.description }) } }
            : { 'application/json': { schema: ok.schema ?? z.unknown() } },
    };
  }
  const errors = new Map<number, string[]>();
  const add = (status: number, key: string) => {
    const keys = errors.get(status) ?? [];
    if (!keys.includes(key)) keys.push(key);
    errors.set(status, keys);
  };
  // What the access and the validation imply comes first, then the route's own refusals.
  if (route.access === 'owner' || route.access === 'member') add(403, ERROR_KEYS.permissionDenied);
  if (route.body || route.params || route.query) add(400, ERROR_KEYS.badRequest);
  for (const [status, keys] of Object.entries(route.errors ?? {})) for (const key of keys ?? []) add(Number(status), key);
  if (route.access !== 'public') add(401, ERROR_KEYS.unauthorized);
  if (route.body) {
    add(413, ERROR_KEYS.payloadTooLarge);
    add(415, 'Unsupported Media Type');
  }
  add(500, ERROR_KEYS.internal);
  add(503, ERROR_KEYS.unavailable);
  for (const status of [...errors.keys()].sort((a, b) => a - b)) responses[String(status) as '400'] = errorResponse(status, errors.get(status));
  responses.default = { description: 'Any other failure, in the catalogue body (see the error catalogue above)', content: errorContent };

  const op: ZodOpenApiOperationObject = {
    operationId,
    tags: [route.tag],
    summary: route.summary,
    description: `${route.description}\n\n**Who:** ${whoText(route)}${limitsText(route)}`,
    responses,
  };
  if (route.params || route.query) op.requestParams = { ...(route.params ? { path: route.params } : {}), ...(route.query ? { query: route.query } : {}) };
  if (route.body) op.requestBody = { required: true, content: { 'application/json': { schema: route.body } } };
  if (route.access === 'member' || route.access === 'owner') op.security = [{ bearer: [] }];
  if (route.access === 'optional') op.security = [{}, { bearer: [] }];
  return op;
}

const cacheText = (route: RouteDecl) => `${route.cache ?? 'no-store'}${route.ownerCache ? ` (${route.ownerCache} for the owner)` : ''}`;

function whoText(route: RouteDecl): string {
  if (!route.self) return ACCESS_TEXT[route.access];
  return route.self.owner ? `the member named by \`${route.self.param}\` (self) or the shop owner (\`Authorization: Bearer <idToken>\`).` : `the member named by \`${route.self.param}\` only (\`Authorization: Bearer <idToken>\`).`;
}

const per = { client: 'client address', email: 'email', phone: 'phone', emailAndClient: 'email and client address', account: 'signed-in account' } as const;
function limitsText(route: RouteDecl): string {
  if (!route.limits?.length) return '';
  const each = route.limits.map((l) => `${l.limit} per ${per[l.per ?? 'client']} per ${l.windowMs / 60_000} min${l.count === 'failures' ? ' (failures only)' : l.count === 'created' ? ' (new orders only)' : ''}`);
  return `\n\n**Rate limits** (429 \`${ERROR_KEYS.tooManyAttempts}\`${route.limitValidOnly ? ', counting valid requests only' : ''}): ${each.join('; ')}.`;
}

const ACCESS_TEXT: Record<RouteDecl['access'], string> = {
  public: 'anyone.',
  optional: 'anyone; a bearer token is optional (a bad one is still refused with 401).',
  member: 'a signed-in member (`Authorization: Bearer <idToken>`); see the description for whose data.',
  owner: 'the shop owner only (a token with the custom claim `admin: true`).',
};

function catalogueTable(): string {
  const rows = Object.entries(ERROR_CATALOGUE).map(([pair, zh]) => {
    const [status, ...rest] = pair.split(' ');
    return `| ${status} | \`${rest.join(' ')}\` | ${zh} |`;
  });
  // 415 is answered before any client could show it (the web client always sends JSON).
  if (!ERROR_CATALOGUE['415 Unsupported Media Type']) rows.push('| 415 | `Unsupported Media Type` | (a body that is not `application/json` on a JSON route) |');
  return ['| status | statusMessage | shown to the shopper as |', '|---|---|---|', ...rows].join('\n');
}

const DESCRIPTION = `The API of 青嶼書房, the bookstore and group-buying storefront: JSON in and out under \`/api\`.
Money is whole NT$; times are ISO 8601 strings. This document is generated from the zod contracts in
\`functions/src/contracts/\`: the route declarations \`functions/src/contracts/routes.ts\`, which the server also mounts (see \`docs/api.md\`).

## Authentication

Calls marked *bearer* take \`Authorization: Bearer <idToken>\`, a Firebase ID token from
\`/api/auth/signIn\` (or the Firebase JS SDK). The shop owner's token carries the custom claim \`admin: true\`.

## Errors

Every failure answers the same body, whatever failed (validation, auth, Firestore, a bug):
\`{"statusCode": 400, "statusMessage": "Bad Request", "message": "...", "details": [{"path": "body.receiver.address", "message": "..."}]}\`.
\`statusMessage\` is the catalogue key; the web client maps (statusCode, statusMessage) to Chinese, and an
unknown pair to 未知錯誤. Identity Toolkit's refusals pass through as 400 with its message verbatim
(e.g. \`WEAK_PASSWORD : Password should be at least 6 characters\`); they match the catalogue on the code
before \` : \`. \`requestId\` is the request's id, also sent as the \`X-Request-Id\` header of every answer: quote it
when reporting a failure (docs/operations.md). The catalogue (\`functions/src/contracts/errors.ts\`):

${catalogueTable()}
`;

export function openApiDocument() {
  const paths: ZodOpenApiPathsObject = {};
  const routes = Object.entries(ROUTES) as [string, RouteDecl][];
  for (const [operationId, route] of routes) {
    paths[route.path] ??= {};
    (paths[route.path] as Record<string, ZodOpenApiOperationObject>)[route.method] = operation(operationId, route);
  }
  const tags = [...new Set(routes.map(([, r]) => r.tag))].map((name) => ({ name }));
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: '青嶼書房 API',
        version: API_VERSION,
        description: DESCRIPTION,
        'x-error-catalogue': ERROR_CATALOGUE,
      },
      servers: [{ url: '/', description: 'The shop itself (Hosting rewrites /api/** to the api function)' }],
      tags,
      paths,
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token (JWT)' },
        },
      },
    },
  );
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROUTES } from '../../contracts/routes';
import { handle, sent } from '../../http/route';

// functions/openapi.json is generated from the route declarations by `npm run openapi` (scripts/openapi.mjs)
// and deployed with the function's source. It is read on the first call of this route only, so the
// generator (zod-openapi) never loads in the function and other routes' cold starts do not pay for it.
// Both src/api/openapi/ and lib/api/openapi/ sit three levels below functions/.
const SPEC_FILE = path.resolve(__dirname, '..', '..', '..', 'openapi.json');

let body: Buffer | undefined;

/** GET /api/openapi.json: the API's OpenAPI 3.1 document, cacheable, readable by other origins' tools. */
export const openApiRoutes = [
  handle(ROUTES.getOpenApiDocument, async ({ res }) => {
    body ??= readFileSync(SPEC_FILE);
    res.set('Access-Control-Allow-Origin', '*').set('Cross-Origin-Resource-Policy', 'cross-origin').type('application/json; charset=utf-8').send(body);
    return sent;
  }),
];

import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { invalid } from '../../lib/failure';

export interface Schemas {
  body?: z.ZodType;
  params?: z.ZodType;
  query?: z.ZodType;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
export interface Validated<S extends Schemas> {
  body: Out<S['body']>;
  params: Out<S['params']>;
  query: Out<S['query']>;
}

const VALIDATED = Symbol('validated');

/** Turns zod issues into the catalogue's `details`. */
export function issuesToDetails(issues: readonly z.core.$ZodIssue[]) {
  return issues.slice(0, 20).map((i) => ({ path: i.path.map(String).join('.') || '(root)', message: i.message }));
}

/**
 * Validates body, params and query with the shared zod schemas. Handlers read the parsed values with
 * `validated(req, schemas)` and never touch req.body. The handler carries the very schemas it checks
 * with (`schemas`), so a test can see what a mounted route validates.
 */
export function validate<S extends Schemas>(schemas: S): RequestHandler & { schemas: S } {
  const handler: RequestHandler = (req: Request, _res: Response, next: NextFunction) => {
    const out: Record<string, unknown> = {};
    const details: { path: string; message: string }[] = [];
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = schemas[part];
      if (!schema) continue;
      const r = schema.safeParse(req[part]);
      if (r.success) out[part] = r.data;
      else details.push(...issuesToDetails(r.error.issues).map((d) => ({ ...d, path: `${part}.${d.path}` })));
    }
    if (details.length) return next(invalid(`Invalid ${details.map((d) => d.path.split('.')[0]).join(', ')}`, details));
    (req as unknown as Record<symbol, unknown>)[VALIDATED] = out;
    return next();
  };
  return Object.assign(handler, { schemas });
}

export function validated<S extends Schemas>(req: Request, _schemas: S): Validated<S> {
  const v = (req as unknown as Record<symbol, unknown>)[VALIDATED];
  if (!v) throw new Error('validate() middleware missing before this handler');
  return v as Validated<S>;
}

import { expect } from 'vitest';

/** An error answer is the catalogue's body (functions/src/contracts/errors.ts) and leaks no stack. */
export function expectCatalogueBody(body: Record<string, unknown>, statusCode: number, statusMessage: string) {
  expect(body).toMatchObject({ statusCode, statusMessage });
  expect(typeof body.message).toBe('string');
  expect(JSON.stringify(body)).not.toMatch(/at \w+ \(|\.js:\d+|node_modules/);
}

/** A request the schema check refused: 400 Bad Request in the catalogue's body, its first detail at `path`. */
export function expectBadRequestAt(res: { status: number; body: Record<string, unknown> }, path: string | RegExp) {
  expect(res.status).toBe(400);
  expectCatalogueBody(res.body, 400, 'Bad Request');
  const first = (res.body.details as { path: string }[] | undefined)?.[0]?.path;
  if (typeof path === 'string') expect(first).toBe(path);
  else expect(first).toMatch(path);
}

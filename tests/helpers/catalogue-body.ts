import { expect } from 'vitest';

/** An error answer is the catalogue's body (functions/src/contracts/errors.ts) and leaks no stack. */
export function expectCatalogueBody(body: Record<string, unknown>, statusCode: number, statusMessage: string) {
  expect(body).toMatchObject({ statusCode, statusMessage });
  expect(typeof body.message).toBe('string');
  expect(JSON.stringify(body)).not.toMatch(/at \w+ \(|\.js:\d+|node_modules/);
}

import { describe, expect, it } from 'vitest';
import { isOwnerToken } from '@/lib/owner';
import { decodeBase64UrlJson } from '../base64url';
import { decodeIdToken } from '../session';

const segment = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
const jwt = (claims: unknown) => `${segment({ alg: 'RS256' })}.${segment(claims)}.sig`;

describe('decodeBase64UrlJson', () => {
  it('decodes UTF-8 JSON whatever its padding and base64url characters', () => {
    for (const value of [{ name: '王小明', e: 'a@example.com' }, { s: '??>>' }, { n: 1 }, { ab: 'c' }]) {
      expect(decodeBase64UrlJson(segment(value))).toEqual(value);
    }
  });
  it('answers null for what is not base64url JSON', () => {
    for (const bad of ['', '!!!', 'bm90IGpzb24', segment('x').slice(0, 3)]) expect(decodeBase64UrlJson(bad) ?? null).toBeNull();
  });
});

describe('the token readers built on it', () => {
  it('reads the claims and the owner flag of an ID token, and nothing of a malformed one', () => {
    expect(decodeIdToken(jwt({ name: '店長', admin: true }))).toMatchObject({ name: '店長', admin: true });
    expect(isOwnerToken(jwt({ admin: true }))).toBe(true);
    expect(isOwnerToken(jwt({ admin: 'true' }))).toBe(false);
    expect(isOwnerToken(jwt({}))).toBe(false);
    expect(isOwnerToken('not-a-token')).toBe(false);
    expect(isOwnerToken(undefined)).toBe(false);
    expect(decodeIdToken(`x.${segment('just a string')}.y`)).toBeNull();
  });
});

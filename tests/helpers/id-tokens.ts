// Hand-made ID tokens for the bad-token tests. The Auth emulator signs nothing (alg "none"), and the
// Admin SDK in emulator mode checks only the claims, so these stand for forged, expired and foreign tokens.

type Claims = Record<string, unknown>;

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

export function decodeClaims(idToken: string): Claims {
  return JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8')) as Claims;
}

/** A copy of a real token with some claims changed (still unsigned, as the emulator's are). */
export function withClaims(idToken: string, change: Claims): string {
  const [header] = idToken.split('.');
  return `${header}.${b64({ ...decodeClaims(idToken), ...change })}.`;
}

/** The same member's token, expired an hour ago. */
export function expiredToken(idToken: string): string {
  const now = Math.floor(Date.now() / 1000);
  return withClaims(idToken, { iat: now - 7200, auth_time: now - 7200, exp: now - 3600 });
}

/** The same member's token, issued by another Firebase project. */
export function foreignProjectToken(idToken: string, projectId = 'demo-other-shop'): string {
  return withClaims(idToken, { aud: projectId, iss: `https://securetoken.google.com/${projectId}` });
}

export const FORGED_TOKEN = `${b64({ alg: 'RS256', kid: 'nope' })}.${b64({ sub: 'someone', admin: true })}.c2lnbmF0dXJl`;

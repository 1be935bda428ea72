/**
 * The JSON inside a base64url segment (a JWT's payload, a signed link's data), UTF-8 decoded; null
 * when it is not one. For display only: whoever issued the token checks its signature.
 */
export function decodeBase64UrlJson(segment: string): unknown {
  try {
    const b64 = segment.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(segment.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return null;
  }
}

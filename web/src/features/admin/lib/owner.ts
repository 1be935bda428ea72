/** Reads the `admin` claim from an ID token's payload (display only: the API checks the signature). */
export function isOwnerToken(idToken: string | undefined | null): boolean {
  const part = idToken?.split('.')[1];
  if (!part) return false;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    return (JSON.parse(json) as { admin?: unknown }).admin === true;
  } catch {
    return false;
  }
}

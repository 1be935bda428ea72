import { decodeIdToken } from '@/lib/session';

/** Reads the `admin` claim from an ID token's payload (display only: the API checks the signature). */
export function isOwnerToken(idToken: string | undefined | null): boolean {
  return !!idToken && decodeIdToken(idToken)?.admin === true;
}

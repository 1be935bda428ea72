import { unavailable } from './failure';
import { auth } from './firebase';

// The one decoder of Firebase ID tokens: the API's bearer check (functions/src/http/middleware/auth.ts),
// the member's social sign-in token (api/member/service.ts) and the tokens sent to /api/auth
// (api/auth/service.ts) all verify here, with the Admin SDK.

/** Who a verified token speaks for. */
export interface Identity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  isOwner: boolean;
  name: string | null;
  /** How the token was obtained (`password`, `google.com`, ...), from its verified claims. */
  provider: string | null;
}

/** A token either speaks for someone, is refused (`invalid`), or could not be checked (`unreachable`). */
export type TokenCheck = { ok: true; identity: Identity } | { ok: false; reason: 'invalid' | 'unreachable' };

// Admin SDK codes that mean "Identity Toolkit could not be reached", not "this token is bad": an outage
// must never log everyone out.
const AUTH_UNREACHABLE = new Set(['app/network-error', 'app/network-timeout', 'auth/internal-error']);

/**
 * `checkRevoked`: a disabled account, or a token minted before a password reset or a
 * revokeRefreshTokens(), is refused at once instead of for the rest of the token's hour. It costs one
 * Identity Toolkit lookup per call (figures in docs/decisions.md), so only the bearer check pays it.
 */
export async function verifyIdToken(token: string, { checkRevoked = false }: { checkRevoked?: boolean } = {}): Promise<TokenCheck> {
  if (token.length > 8192) return { ok: false, reason: 'invalid' };
  try {
    const decoded = await (await auth()).verifyIdToken(token, checkRevoked);
    return {
      ok: true,
      identity: {
        uid: decoded.uid,
        email: decoded.email ?? null,
        emailVerified: decoded.email_verified === true,
        isOwner: decoded.admin === true,
        name: typeof decoded.name === 'string' ? decoded.name : null,
        provider: decoded.firebase?.sign_in_provider ?? null,
      },
    };
  } catch (err) {
    const code = (err as { code?: unknown })?.code;
    return { ok: false, reason: typeof code === 'string' && AUTH_UNREACHABLE.has(code) ? 'unreachable' : 'invalid' };
  }
}

/**
 * The account as it is now (a token minted before the email was verified or the owner's claim was
 * granted still says no), or null when there is no such account. An unreachable Identity Toolkit is a
 * Failure, never a "no".
 */
export async function lookupAccount(uid: string): Promise<{ emailVerified: boolean; isOwner: boolean } | null> {
  try {
    const user = await (await auth()).getUser(uid);
    return { emailVerified: user.emailVerified === true, isOwner: user.customClaims?.admin === true };
  } catch (err) {
    const code = (err as { code?: unknown })?.code;
    if (code === 'auth/user-not-found') return null;
    if (typeof code === 'string' && AUTH_UNREACHABLE.has(code)) throw unavailable('Identity Toolkit is unreachable');
    throw err;
  }
}

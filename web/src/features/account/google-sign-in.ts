// Google sign-in with the Firebase JS SDK (a popup; the Auth emulator's account chooser locally).
// This module is imported only when the Google button is clicked, so the SDK never reaches the
// first JS. The SDK keeps nothing: the shop's own session (cookies) takes over the tokens.
import { firebaseAuth } from '@/lib/firebase';
import type { Session } from '@/lib/session';
import { patchMember } from './api/member';
import { startSession } from './session-actions';

export interface GoogleSignInResult {
  session: Session;
  /** The member record could not be written (the sign-in itself worked). */
  memberError?: unknown;
}

/** Thrown when the visitor closed the chooser: nothing to report. */
export class SignInCancelled extends Error {
  readonly cancelled = true;
}

const CANCEL_CODES = new Set(['auth/popup-closed-by-user', 'auth/cancelled-popup-request', 'auth/user-cancelled']);

const webPicture = (url: string | null) => (url && /^https?:\/\//.test(url) && url.length <= 2048 ? url : '');

export async function signInWithGoogle(): Promise<GoogleSignInResult> {
  const [auth, { GoogleAuthProvider, inMemoryPersistence, setPersistence, signInWithPopup, signOut }] = await Promise.all([firebaseAuth(), import('firebase/auth')]);
  await setPersistence(auth, inMemoryPersistence);
  let credential;
  try {
    credential = await signInWithPopup(auth, new GoogleAuthProvider());
  } catch (err) {
    if (CANCEL_CODES.has((err as { code?: string }).code ?? '')) throw new SignInCancelled();
    throw err;
  }
  const user = credential.user;
  const idToken = await user.getIdToken();
  const userName = (user.displayName || user.email?.split('@')[0] || '會員').slice(0, 50);
  const session = startSession({ idToken, refreshToken: user.refreshToken }, { name: userName, provider: 'google.com', picture: webPicture(user.photoURL) });
  await signOut(auth).catch(() => undefined);
  try {
    await patchMember(session.userId, { userName, email: session.email || user.email || '', userUid: session.userId, picture: session.picture }, idToken);
    return { session };
  } catch (memberError) {
    return { session, memberError };
  }
}

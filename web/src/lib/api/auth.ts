import type { AuthTokens, ConfirmPasswordResetInput, SignInInput, SignUpInput } from '@contracts/auth';
import { apiRequest } from '@/lib/api-client';

// Fetchers of /api/auth/* (inputs: functions/src/contracts/auth.ts); the answers are Identity Toolkit's own. Shared: the
// account pages sign in with them, and the checkout sends and rechecks the verification mail.

const post = <T>(path: string, body: unknown) => apiRequest<T>(`/auth/${path}`, { method: 'POST', body, auth: false });

export const signUp = (input: SignUpInput) => post<AuthTokens>('signUp', input);
export const signIn = (input: SignInInput) => post<AuthTokens>('signIn', input);
export const sendEmailVerify = (idToken: string) => post<{ email: string }>('sendEmailVerify', { idToken });
export const confirmEmailVerification = (oobCode: string) => post<{ email: string; emailVerified?: boolean }>('confirmEmailVerification', { oobCode });
export const getUserData = (idToken: string) => post<{ users?: { email?: string; emailVerified?: boolean }[] }>('getUserData', { idToken });
export const sendPasswordResetEmail = (email: string) => post<{ email: string }>('sendPasswordResetEmail', { email });
export const verifyPasswordResetCode = (oobCode: string) => post<{ email: string }>('verifyPasswordResetCode', { oobCode });
export const confirmPasswordReset = (input: ConfirmPasswordResetInput) => post<{ email: string }>('confirmPasswordReset', input);

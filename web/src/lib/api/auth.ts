import type { ConfirmPasswordResetInput, SignInInput, SignUpInput } from '@contracts/auth';
import { api } from '@/lib/api-client';

// Fetchers of /api/auth/* (inputs: functions/src/contracts/auth.ts); the answers are Identity Toolkit's own. Shared: the
// account pages sign in with them, and the checkout sends and rechecks the verification mail.

const post = { auth: false } as const;

export const signUp = (input: SignUpInput) => api('POST /api/auth/signUp', { body: input }, post);
export const signIn = (input: SignInInput) => api('POST /api/auth/signIn', { body: input }, post);
export const sendEmailVerify = (idToken: string) => api('POST /api/auth/sendEmailVerify', { body: { idToken } }, post);
export const confirmEmailVerification = (oobCode: string) => api('POST /api/auth/confirmEmailVerification', { body: { oobCode } }, post);
export const getUserData = (idToken: string) => api('POST /api/auth/getUserData', { body: { idToken } }, post);
export const sendPasswordResetEmail = (email: string) => api('POST /api/auth/sendPasswordResetEmail', { body: { email } }, post);
export const verifyPasswordResetCode = (oobCode: string) => api('POST /api/auth/verifyPasswordResetCode', { body: { oobCode } }, post);
export const confirmPasswordReset = (input: ConfirmPasswordResetInput) => api('POST /api/auth/confirmPasswordReset', { body: input }, post);

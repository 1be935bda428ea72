import { z } from 'zod';
import { emailSchema, textSchema, uidSchema } from './common';

// Identity Toolkit is the judge of passwords (WEAK_PASSWORD below 6); the form asks for 8.
const passwordSchema = textSchema.min(1, '請輸入密碼').max(4096, '密碼過長');
const tokenSchema = textSchema.min(1).max(8192);
const oobCodeSchema = textSchema.min(1).max(4096);

export const signUpInputSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  userName: textSchema.trim().min(1, '請輸入姓名').max(50, '姓名最多 50 字'),
});
export type SignUpInput = z.infer<typeof signUpInputSchema>;

export const signInInputSchema = z.object({ email: emailSchema, password: passwordSchema });
export type SignInInput = z.infer<typeof signInInputSchema>;

export const idTokenInputSchema = z.object({ idToken: tokenSchema });
export type IdTokenInput = z.infer<typeof idTokenInputSchema>;

export const oobCodeInputSchema = z.object({ oobCode: oobCodeSchema });
export type OobCodeInput = z.infer<typeof oobCodeInputSchema>;

export const emailInputSchema = z.object({ email: emailSchema });
export type EmailInput = z.infer<typeof emailInputSchema>;

export const confirmPasswordResetInputSchema = z.object({ oobCode: oobCodeSchema, newPassword: passwordSchema });
export type ConfirmPasswordResetInput = z.infer<typeof confirmPasswordResetInputSchema>;

// The forms ask for more than the server: a new password of at least 8 characters, typed twice.
const newPasswordSchema = textSchema.min(8, '密碼至少 8 個字元').max(4096, '密碼過長');
const samePasswords = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
const mismatch = { path: ['confirmPassword'], message: '兩次輸入的密碼不一致' };

/** The sign-up form: at least 8 characters and a matching confirmation. */
export const signUpFormSchema = signUpInputSchema
  .extend({ password: newPasswordSchema, confirmPassword: textSchema.min(1, '請再次輸入密碼') })
  .refine(samePasswords, mismatch);
export type SignUpForm = z.infer<typeof signUpFormSchema>;

export const signInFormSchema = signInInputSchema;
export type SignInForm = z.infer<typeof signInFormSchema>;

export const resetPasswordFormSchema = emailInputSchema;
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** The new-password step of a reset link. */
export const newPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: textSchema.min(1, '請再次輸入密碼') })
  .refine(samePasswords, mismatch);
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

export const memberInfoSchema = z.object({
  userName: textSchema.trim().min(1, '請輸入姓名').max(50, '姓名最多 50 字'),
  email: emailSchema,
  userUid: uidSchema,
  picture: z
    .union([textSchema.max(2048).pipe(z.url({ protocol: /^https?$/, error: '圖片網址格式錯誤' })), z.literal('')])
    .optional()
    .default(''),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

export const patchMemberInputSchema = z.object({
  memberInfo: memberInfoSchema,
  idToken: tokenSchema.optional(),
});
export type PatchMemberInput = z.infer<typeof patchMemberInputSchema>;

export const memberSchema = z
  .object({
    userName: textSchema,
    email: textSchema,
    userUid: textSchema,
    picture: textSchema,
    provider: textSchema,
    newsletter: z.boolean(),
    createdAt: textSchema,
    updatedAt: textSchema,
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof memberSchema>;

/** What /api/auth/signUp and /api/auth/signIn answer: Identity Toolkit's own tokens, passed through (and whatever else it adds). */
export const tokenResponseSchema = z
  .looseObject({
    kind: textSchema.optional(),
    idToken: textSchema,
    refreshToken: textSchema,
    expiresIn: textSchema.meta({ description: 'Seconds, as a string' }),
    localId: textSchema,
    email: textSchema,
    displayName: textSchema.optional(),
    registered: z.boolean().optional(),
  })
  .meta({ id: 'TokenResponse', description: "Identity Toolkit's sign-up / sign-in answer, verbatim" });
export type AuthTokens = z.infer<typeof tokenResponseSchema>;

export const toolkitEmailResponseSchema = z
  .looseObject({ kind: textSchema.optional(), email: textSchema.optional(), requestType: textSchema.optional() })
  .meta({ id: 'ToolkitEmailResponse', description: "Identity Toolkit's answer to a mail or mail-link call, verbatim" });

export const toolkitLookupResponseSchema = z
  .looseObject({ kind: textSchema.optional(), users: z.array(z.record(textSchema, z.unknown())).optional() })
  .meta({ id: 'ToolkitLookupResponse', description: "Identity Toolkit's accounts:lookup answer, verbatim" });

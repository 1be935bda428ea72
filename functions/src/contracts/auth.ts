import { z } from 'zod';
import { emailSchema } from './common';

// Identity Toolkit is the judge of passwords (WEAK_PASSWORD below 6); the form asks for 8.
const passwordSchema = z.string().min(1, '請輸入密碼').max(4096, '密碼過長');
const tokenSchema = z.string().min(1).max(8192);
const oobCodeSchema = z.string().min(1).max(4096);

export const signUpInputSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  userName: z.string().trim().min(1, '請輸入姓名').max(50, '姓名最多 50 字'),
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

/** The sign-up form: at least 8 characters and a matching confirmation. */
export const signUpFormSchema = signUpInputSchema
  .extend({
    password: z.string().min(8, '密碼至少 8 個字元').max(4096, '密碼過長'),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: '兩次輸入的密碼不一致' });
export type SignUpForm = z.infer<typeof signUpFormSchema>;

export const memberInfoSchema = z.object({
  userName: z.string().trim().min(1).max(50),
  email: emailSchema,
  userUid: z.string().min(1).max(128),
  picture: z.union([z.string().url().max(2048), z.literal('')]).optional().default(''),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

export const patchMemberInputSchema = z.object({
  memberInfo: memberInfoSchema,
  idToken: tokenSchema.optional(),
});
export type PatchMemberInput = z.infer<typeof patchMemberInputSchema>;

export interface Member {
  userName: string;
  email: string;
  userUid: string;
  picture: string;
  provider: string;
  newsletter: boolean;
  createdAt: string;
  updatedAt: string;
}

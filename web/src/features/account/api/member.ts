import type { MemberInfo } from '@contracts/auth';
import { api } from '@/lib/api-client';

/** Upserts members/{uid} (after a social sign-in, with that sign-in's ID token). */
export const patchMember = (uid: string, memberInfo: MemberInfo, idToken?: string) =>
  api('PATCH /api/member/{uid}', { params: { uid }, body: { memberInfo, ...(idToken ? { idToken } : {}) } });

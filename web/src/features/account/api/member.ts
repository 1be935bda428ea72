import type { Member, MemberInfo } from '@contracts/auth';
import { apiRequest } from '@/lib/api-client';

/** Upserts members/{uid} (after a social sign-in, with that sign-in's ID token). */
export const patchMember = (uid: string, memberInfo: MemberInfo, idToken?: string) =>
  apiRequest<Member>(`/member/${encodeURIComponent(uid)}`, { method: 'PATCH', body: { memberInfo, ...(idToken ? { idToken } : {}) } });

import type { Member, PatchMemberInput } from '../../contracts/auth';
import { getMember, upsertMember } from '../../data/members';
import { badRequest, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/middleware/auth';
import { auth } from '../../lib/firebase';

export async function readMember(uid: string): Promise<Member> {
  const member = await getMember(uid);
  if (!member) throw notFound(`No member ${uid}`);
  return member;
}

/**
 * PATCH /api/member/{uid}: upsert by the member (self) or the owner. A member's record carries the
 * email of their account; the idToken of a social sign-in, when sent, must be that member's.
 */
export async function patchMember(user: AuthUser, uid: string, input: PatchMemberInput): Promise<Member> {
  const { memberInfo, idToken } = input;
  if (memberInfo.userUid !== uid) throw badRequest('memberInfo.userUid must be the member id of the path', [{ path: 'body.memberInfo.userUid', message: '會員編號不一致' }]);

  const self = user.uid === uid;
  let provider = self ? (user.provider ?? undefined) : undefined;
  if (idToken !== undefined) {
    let decoded;
    try {
      decoded = await (await auth()).verifyIdToken(idToken);
    } catch {
      throw badRequest('The idToken is invalid or expired', [{ path: 'body.idToken', message: '登入憑證無效' }]);
    }
    if (decoded.uid !== uid) throw badRequest('The idToken belongs to another member', [{ path: 'body.idToken', message: '登入憑證不屬於此會員' }]);
    provider = decoded.firebase.sign_in_provider;
  }
  if (self && user.email && user.email.toLowerCase() !== memberInfo.email.toLowerCase()) {
    throw badRequest("memberInfo.email must be the account's email", [{ path: 'body.memberInfo.email', message: '電子郵件與帳號不一致' }]);
  }
  return upsertMember(uid, { userName: memberInfo.userName, email: memberInfo.email, picture: memberInfo.picture, provider });
}

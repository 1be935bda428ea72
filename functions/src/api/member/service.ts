import type { Member, PatchMemberInput } from '../../contracts/auth';
import { getMember, upsertMember } from '../../data/members';
import { invalid, notFound, unavailable } from '../../lib/failure';
import { verifyIdToken, type Identity } from '../../lib/id-token';

export async function readMember(uid: string): Promise<Member> {
  const member = await getMember(uid);
  if (!member) throw notFound(`No member ${uid}`);
  return member;
}

/**
 * PATCH /api/member/{uid}: upsert by the member (self) or the owner. A member's record carries the
 * email of their account; the idToken of a social sign-in, when sent, must be that member's.
 * `idTokenIsBearer`: the body's idToken is the very token the request was authenticated with (the
 * route compares them), so `user` is what it says and it is not decoded again.
 */
export async function patchMember(user: Identity, uid: string, input: PatchMemberInput, idTokenIsBearer = false): Promise<Member> {
  const { memberInfo, idToken } = input;
  if (memberInfo.userUid !== uid) throw invalid('memberInfo.userUid must be the member id of the path', [{ path: 'body.memberInfo.userUid', message: '會員編號不一致' }]);

  const self = user.uid === uid;
  let provider = self ? (user.provider ?? undefined) : undefined;
  if (idToken !== undefined) {
    const r = idTokenIsBearer ? ({ ok: true, identity: user } as const) : await verifyIdToken(idToken);
    if (!r.ok && r.reason === 'unreachable') throw unavailable('Identity Toolkit is unreachable');
    if (!r.ok) throw invalid('The idToken is invalid or expired', [{ path: 'body.idToken', message: '登入憑證無效' }]);
    if (r.identity.uid !== uid) throw invalid('The idToken belongs to another member', [{ path: 'body.idToken', message: '登入憑證不屬於此會員' }]);
    provider = r.identity.provider ?? undefined;
  }
  if (self && user.email && user.email.toLowerCase() !== memberInfo.email.toLowerCase()) {
    throw invalid("memberInfo.email must be the account's email", [{ path: 'body.memberInfo.email', message: '電子郵件與帳號不一致' }]);
  }
  return upsertMember(uid, { userName: memberInfo.userName, email: memberInfo.email, picture: memberInfo.picture, provider });
}

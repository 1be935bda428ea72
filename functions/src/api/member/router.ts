import { Router } from 'express';
import { z } from 'zod';
import { patchMemberInputSchema } from '../../contracts/auth';
import { uidSchema } from '../../contracts/common';
import { assertSelfOrOwner, bearer, requireAuth } from '../../http/middleware/auth';
import { validate, validated } from '../../http/middleware/validate';
import { patchMember, readMember } from './service';

const params = z.object({ uid: uidSchema });
const getSchemas = { params };
const patchSchemas = { params, body: patchMemberInputSchema };

/** GET / PATCH /api/member/{uid}: the member (self) or the shop owner. */
export function memberRouter() {
  const r = Router();

  r.get('/:uid', requireAuth, validate(getSchemas), async (req, res) => {
    const { uid } = validated(req, getSchemas).params;
    assertSelfOrOwner(req, uid);
    res.json(await readMember(uid));
  });

  r.patch('/:uid', requireAuth, validate(patchSchemas), async (req, res) => {
    const { params: p, body } = validated(req, patchSchemas);
    const user = assertSelfOrOwner(req, p.uid);
    res.json(await patchMember(user, p.uid, body, body.idToken !== undefined && body.idToken === bearer(req)));
  });

  return r;
}

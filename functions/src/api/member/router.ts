import { ROUTES } from '../../contracts/routes';
import { bearer } from '../../http/middleware/auth';
import { handle } from '../../http/route';
import { patchMember, readMember } from './service';

/** GET / PATCH /api/member/{uid}: the member (self) or the shop owner. */
export const memberRoutes = [
  handle(ROUTES.getMember, ({ params }) => readMember(params.uid)),
  handle(ROUTES.patchMember, ({ params, body, user, req }) => patchMember(user, params.uid, body, body.idToken !== undefined && body.idToken === bearer(req))),
];

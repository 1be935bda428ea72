import { z } from 'zod';
import { memberSchema, patchMemberInputSchema } from '../auth';
import { uidSchema } from '../common';
import { NOT_FOUND, ok, routesOf, type RouteDecl } from './declare';

// The signed-in member's record (api/member/router.ts). Part of ROUTES (../routes.ts).

const uidParams = z.object({ uid: uidSchema });

/** The member record: the member themselves or the shop owner. */
const memberRoute = routesOf({ tag: 'Members', access: 'member', self: { param: 'uid', owner: true } });

export const MEMBER_ROUTES = {
  getMember: memberRoute('get', '/api/member/{uid}', { params: uidParams, responses: ok('The member record', memberSchema), errors: NOT_FOUND },
    'Read a member record', 'The member themselves (self) or the shop owner.'),
  patchMember: memberRoute('patch', '/api/member/{uid}', { params: uidParams, body: patchMemberInputSchema, responses: ok('The stored member record', memberSchema) },
    'Create or update a member record', 'Upsert by the member (self) or the owner, e.g. after a Google sign-in. The `idToken` of a social sign-in, when sent, must be that member\'s.'),
} as const satisfies Record<string, RouteDecl>;

import { z } from 'zod';
import { memberSchema, patchMemberInputSchema } from '../auth';
import { uidSchema } from '../common';
import { K, route, type RouteDecl } from './declare';

// The signed-in member's record (api/member/router.ts). Part of ROUTES (../routes.ts).

const uidParams = z.object({ uid: uidSchema });

export const MEMBER_ROUTES = {
  getMember: route({
    method: 'get',
    path: '/api/member/{uid}',
    tag: 'Members',
    summary: 'Read a member record',
    description: 'The member themselves (self) or the shop owner.',
    access: 'member',
    self: { param: 'uid', owner: true },
    params: uidParams,
    responses: { 200: { description: 'The member record', schema: memberSchema } },
    errors: { 404: [K.notFound] },
  }),
  patchMember: route({
    method: 'patch',
    path: '/api/member/{uid}',
    tag: 'Members',
    summary: 'Create or update a member record',
    description: 'Upsert by the member (self) or the owner, e.g. after a Google sign-in. The `idToken` of a social sign-in, when sent, must be that member\'s.',
    access: 'member',
    self: { param: 'uid', owner: true },
    params: uidParams,
    body: patchMemberInputSchema,
    responses: { 200: { description: 'The stored member record', schema: memberSchema } },
  }),
} as const satisfies Record<string, RouteDecl>;

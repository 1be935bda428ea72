import { publicSettingsSchema } from '../content';
import { adminSettingsInputSchema, adminSettingsSchema } from '../settings';
import { CATALOGUE, OWNER, route, type RouteDecl } from './declare';

// The shop's settings: the public ones and the owner's (api/settings/router.ts). Part of ROUTES (../routes.ts).

export const SETTINGS_ROUTES = {
  getShopSettings: route({
    method: 'get',
    path: '/api/settings/shop',
    tag: 'Content',
    summary: "The shop's public settings",
    description: 'Bank details (shown on every order), shipping rules, the payment deadline and contacts.',
    access: 'public',
    responses: { 200: { description: 'The settings', schema: publicSettingsSchema } },
    cache: CATALOGUE,
  }),
  adminGetSettings: route({
    method: 'get',
    path: '/api/admin/settings',
    tag: 'Owner',
    summary: "The shop's settings",
    description: 'settings/shop (public: bank details, payment days, shipping, contact) and the new-order notices (server-only).',
    ...OWNER,
    responses: { 200: { description: 'The settings', schema: adminSettingsSchema } },
  }),
  adminSaveSettings: route({
    method: 'put',
    path: '/api/admin/settings',
    tag: 'Owner',
    summary: "Save the shop's settings",
    description:
      'Every field at once, validated (bank code 3 digits, payment days 1-14, fee 0-2000, https links, the tax id checksum). New orders and mails use the saved values within a minute; the public pages within Hosting\'s cache time (5 minutes).',
    ...OWNER,
    body: adminSettingsInputSchema,
    responses: { 200: { description: 'The saved settings', schema: adminSettingsSchema } },
  }),
} as const satisfies Record<string, RouteDecl>;

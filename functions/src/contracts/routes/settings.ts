import { publicSettingsSchema } from '../content';
import { adminSettingsInputSchema, adminSettingsSchema } from '../settings';
import { CATALOGUE, ok, ownerRoute, routesOf, type RouteDecl } from './declare';

// The shop's settings: the public ones and the owner's (api/settings/router.ts). Part of ROUTES (../routes.ts).

/** The public settings (tag Content). */
const contentRoute = routesOf({ tag: 'Content', access: 'public' });

export const SETTINGS_ROUTES = {
  getShopSettings: contentRoute('get', '/api/settings/shop', { responses: ok('The settings', publicSettingsSchema), cache: CATALOGUE },
    "The shop's public settings", 'Bank details (shown on every order), shipping rules, the payment deadline and contacts.'),
  adminGetSettings: ownerRoute('get', '/api/admin/settings', { responses: ok('The settings', adminSettingsSchema) },
    "The shop's settings", 'settings/shop (public: bank details, payment days, shipping, contact) and the new-order notices (server-only).'),
  adminSaveSettings: ownerRoute('put', '/api/admin/settings', { body: adminSettingsInputSchema, responses: ok('The saved settings', adminSettingsSchema) },
    "Save the shop's settings", 'Every field at once, validated (bank code 3 digits, payment days 1-14, fee 0-2000, https links, the tax id checksum). New orders and mails use the saved values within a minute; the public pages within Hosting\'s cache time (5 minutes).'),
} as const satisfies Record<string, RouteDecl>;

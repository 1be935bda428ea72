import type { AdminSettings, AdminSettingsInput, ShopSettings } from '../../contracts/settings';
import { adminSettings, saveAdminSettings, shopSettings } from '../../data/settings';
import type { Identity } from '../../lib/id-token';

// The owner's settings page (/admin/settings): the shop's public settings and the order notices.

/** GET /api/settings/shop, /api/content/settings and the rendered pages: the shop's public settings. */
export const publicSettings = (): Promise<ShopSettings> => shopSettings();

export const readAdminSettings = (): Promise<AdminSettings> => adminSettings();

/** The body was validated whole by adminSettingsInputSchema (contracts/settings.ts): stored as it is. */
export const updateAdminSettings = (input: AdminSettingsInput, owner: Pick<Identity, 'email' | 'uid'>): Promise<AdminSettings> =>
  saveAdminSettings(input, owner.email ?? owner.uid);

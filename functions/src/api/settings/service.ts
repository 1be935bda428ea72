import type { AdminSettings, AdminSettingsInput } from '../../contracts/settings';
import { adminSettings, saveAdminSettings } from '../../data/settings';
import type { Identity } from '../../lib/id-token';

// The owner's settings page (/admin/settings): the shop's public settings and the order notices.

export const readAdminSettings = (): Promise<AdminSettings> => adminSettings();

/** The body was validated whole by adminSettingsInputSchema (contracts/settings.ts): stored as it is. */
export const updateAdminSettings = (input: AdminSettingsInput, owner: Pick<Identity, 'email' | 'uid'>): Promise<AdminSettings> =>
  saveAdminSettings(input, owner.email ?? owner.uid);

import { ROUTES } from '../../contracts/routes';
import { publicSettings } from './public-settings';
import { handle } from '../../http/route';
import { readAdminSettings, updateAdminSettings } from './service';

/** The shop's public settings (bank details for the success pages, shipping, contact) and the owner's page of every setting. */
export const settingsRoutes = [
  handle(ROUTES.getShopSettings, () => publicSettings()),
  handle(ROUTES.adminGetSettings, () => readAdminSettings()),
  handle(ROUTES.adminSaveSettings, ({ body, user }) => updateAdminSettings(body, user)),
];

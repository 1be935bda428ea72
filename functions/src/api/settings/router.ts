import { Router } from 'express';
import { adminSettingsInputSchema } from '../../contracts/settings';
import { publicSettings } from './public-settings';
import { requireAuth, requireOwner, requireUser } from '../../http/middleware/auth';
import { validate, validated } from '../../http/middleware/validate';
import { readAdminSettings, updateAdminSettings } from './service';

const SETTINGS_CACHE_CONTROL = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';

/** /api/settings: the shop's public settings (bank details for the success pages, shipping, contact). */
export function settingsRouter() {
  const r = Router();
  r.get('/shop', async (_req, res) => {
    res.set('Cache-Control', SETTINGS_CACHE_CONTROL).json(await publicSettings());
  });
  return r;
}

const save = { body: adminSettingsInputSchema };

/** /api/admin/settings: the owner reads and saves every setting at once (401 without a token, 403 for others). */
export function settingsAdminRouter() {
  const r = Router();
  r.use(requireAuth, requireOwner, (_req, res, next) => {
    res.set('Cache-Control', 'private, no-store');
    next();
  });
  r.get('/', async (_req, res) => {
    res.json(await readAdminSettings());
  });
  r.put('/', validate(save), async (req, res) => {
    res.json(await updateAdminSettings(validated(req, save).body, requireUser(req)));
  });
  return r;
}

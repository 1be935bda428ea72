import { Router } from 'express';
import { shopSettings } from '../../data/settings';

const SETTINGS_CACHE_CONTROL = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';

/** /api/settings: the shop's public settings (bank details for the success pages, shipping, contact). */
export function settingsRouter() {
  const r = Router();
  r.get('/shop', async (_req, res) => {
    res.set('Cache-Control', SETTINGS_CACHE_CONTROL).json(await shopSettings());
  });
  return r;
}

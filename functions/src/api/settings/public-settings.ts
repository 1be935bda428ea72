import type { PublicSettings } from '../../contracts/content';
import { shippingFeeFor, shopSettings } from '../../data/settings';

/**
 * The shop's public settings as the API and the first HTML serve them: settings/shop and the fee an
 * order pays for shipping, from the rule that prices orders (data/settings.ts shippingFeeFor).
 */
export async function publicSettings(): Promise<PublicSettings> {
  const settings = await shopSettings();
  return { ...settings, shippingFee: shippingFeeFor(settings) };
}

import { shippingText } from '@contracts/format-core';
import { useShopSettings } from '@/lib/shop-settings';

/**
 * The shipping sentence from the public settings' fee (contracts/format.ts shippingText); nothing until the settings
 * are known, never a fixed claim. The root route's loader (app/router.tsx) has them ready for every page.
 */
export function ShippingText({ before = '', after = '' }: { before?: string; after?: string }) {
  const settings = useShopSettings();
  if (!settings) return null;
  return (
    <>
      {before}
      {shippingText(settings.shippingFee)}
      {after}
    </>
  );
}

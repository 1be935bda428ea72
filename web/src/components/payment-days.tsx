import { useShopSettings } from '@/lib/shop-settings';

/**
 * 「N 天內」, the days a shopper has to pay, from the public settings' paymentDueDays (the days the server
 * dates every order's deadline with); 「期限內」 until the settings are known, never a fixed number. The
 * root route's loader (app/router.tsx) has the settings ready for every page.
 */
export function PaymentDays() {
  const settings = useShopSettings();
  return <>{settings ? `${settings.paymentDueDays} 天內` : '期限內'}</>;
}

import { LinksScreen } from '@/features/links/components/links-screen';
import { usePayoutAccount } from '@/features/payouts/api/get-payout-account';
import { PayoutsNotEnabledBanner } from '@/features/payouts/components/payouts-not-enabled-banner';

/**
 * The merchant's offer links (/admin/app/links). Until payouts are on, the link pages refuse new
 * subscriptions: the page says so above the links, and each active link says it is not taking any.
 */
export function Component() {
  const payout = usePayoutAccount();
  // As the public page decides (charges and payouts both enabled); unknown while loading: no warning.
  const paymentsOff = payout.data ? !(payout.data.charges_enabled && payout.data.payouts_enabled) : false;
  return <LinksScreen banner={<PayoutsNotEnabledBanner />} paymentsOff={paymentsOff} />;
}

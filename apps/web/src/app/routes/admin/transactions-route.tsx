import { useMemo } from 'react';
import { useCurrentMerchant } from '@/features/auth/api/get-current-merchant';
import { useOffers } from '@/features/offers/api/get-offers';
import { TransactionsScreen } from '@/features/revenue/components/transactions-screen';

/** The nest's ledger (/admin/app/transactions): payments, refunds, disputes and payouts. */
export function Component() {
  const { data: merchant } = useCurrentMerchant();
  const active = useOffers('active');
  const archived = useOffers('archived');
  const offers = useMemo(
    () =>
      [...(active.data?.pages ?? []), ...(archived.data?.pages ?? [])]
        .flatMap((page) => page.items)
        .map((offer) => ({ id: offer.id, name: offer.name })),
    [active.data, archived.data],
  );
  if (!merchant) return null;
  return <TransactionsScreen merchantId={merchant.id} timeZone={merchant.time_zone} offers={offers} />;
}

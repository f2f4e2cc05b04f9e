import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layout/page-title';
import { useCurrentMerchant } from '@/features/auth/api/get-current-merchant';
import { ShareOfferButton } from '@/features/links/components/share-offer-button';
import { OffersScreen } from '@/features/offers/components/offers-screen';
import { PayoutScheduleCard } from '@/features/payouts/components/payout-schedule-card';

/** The merchant's prices, i.e. offers (/admin/app/prices), with the payout schedule alongside. */
export function Component() {
  const { t } = useTranslation(['admin', 'offers']);
  // The guard loaded the merchant before this page: the plan decides whether reward rules are open.
  const merchant = useCurrentMerchant();
  const plan = merchant.data?.subscription?.plan ?? null;
  return (
    <div>
      <PageTitle>{t('admin:pages.prices')}</PageTitle>
      <p className="-mt-3 mb-6 text-slate-600 dark:text-slate-300">{t('offers:page.intro')}</p>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <OffersScreen plan={plan} renderShare={(offer) => <ShareOfferButton offer={offer} />} />
        <aside className="lg:sticky lg:top-6">
          {merchant.data ? <PayoutScheduleCard merchantId={merchant.data.id} /> : null}
        </aside>
      </div>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layout/page-title';
import { PayoutsNotEnabledBanner } from '@/features/payouts/components/payouts-not-enabled-banner';
import { RevenueLimitBanner } from '@/features/revenue/components/revenue-limit-banner';
import { RevenuePanel } from '@/features/revenue/components/revenue-panel';

/** The merchant dashboard (/admin/app/dashboard). */
export function Component() {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageTitle>{t('pages.dashboard')}</PageTitle>
      {/* Until payouts are on, links cannot take payments: say so first. */}
      <PayoutsNotEnabledBanner />
      <RevenueLimitBanner />
      <RevenuePanel />
    </>
  );
}

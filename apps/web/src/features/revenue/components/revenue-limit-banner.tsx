import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useRevenue } from '../api/get-revenue';
import { usePercent } from './use-percent';

/**
 * From 80 % of the plan's monthly revenue limit the merchant is warned; at 100 % new subscriptions
 * through links are paused (renewals go on). Both offer the upgrade the page passes (the plan change
 * on the dashboard), or point to the plan section of the account page.
 */
export function RevenueLimitBanner({ upgrade }: { upgrade?: ReactNode }) {
  const { t } = useTranslation('revenue');
  const percent = usePercent();
  const revenue = useRevenue();
  if (!revenue.data?.warning || revenue.data.ratio === null) return null;
  const reached = revenue.data.limit_reached;
  return (
    <section
      aria-labelledby="revenue-banner-title"
      data-revenue-banner={reached ? 'reached' : 'warning'}
      className={cn(
        'mb-6 flex flex-col gap-4 rounded-xl border p-4 sm:flex-row sm:items-center sm:justify-between',
        reached
          ? 'border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950/60'
          : 'border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950/60',
      )}
    >
      <div
        className={cn(
          'text-sm',
          reached ? 'text-red-900 dark:text-red-100' : 'text-amber-900 dark:text-amber-100',
        )}
      >
        <h2 id="revenue-banner-title" className="font-semibold">
          {reached ? t('banner.reachedTitle') : t('banner.warningTitle')}
        </h2>
        <p className="mt-1">
          {reached ? t('banner.reached') : t('banner.warning', { percent: percent(revenue.data.ratio) })}
        </p>
      </div>
      {upgrade ?? (
        <Link to={`${paths.admin.app.account.getHref()}#plan`} className={buttonClasses({}, 'shrink-0')}>
          {t('banner.upgrade')}
        </Link>
      )}
    </section>
  );
}

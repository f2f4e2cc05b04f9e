import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { getCurrentMerchantQueryOptions } from '@/features/auth/api/get-current-merchant';
import { PricingPlans } from '@/features/plans/components/pricing-plans';
import { merchantAccount } from '@/lib/session-storage';
import { paths } from '../../paths';

/** The plans side by side need more room than the centered layout's form column. */
export const handle = { wideContent: true };

/** Plan choice (/admin/pricing), where the merchant guard sends a merchant without a plan. */
export function Component() {
  const { t } = useTranslation('admin');
  const { t: tBilling } = useTranslation('billing');
  // Only a tab with a signed-in merchant asks who it is: a visitor just sees the plans (and no 401).
  const signedIn = merchantAccount.get() !== null;
  const merchantQuery = useQuery({ ...getCurrentMerchantQueryOptions(), enabled: signedIn });
  // A session that ended meanwhile (401) leaves a visitor.
  const merchant = !signedIn || merchantQuery.isError ? null : merchantQuery.data;
  return (
    <div>
      <PageTitle>{t('pages.pricing')}</PageTitle>
      <p className="-mt-3 mb-8 max-w-2xl text-slate-600 dark:text-slate-300">{tBilling('pricing.intro')}</p>
      <PricingPlans merchant={merchant} />
      {merchant === null ? (
        <p className="mt-8 text-center text-sm text-slate-600 dark:text-slate-300">
          {tBilling('pricing.haveAccount')}{' '}
          <Link
            to={paths.admin.login.getHref()}
            className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
          >
            {tBilling('pricing.logIn')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

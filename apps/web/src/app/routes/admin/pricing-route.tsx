import { planIds } from '@nest/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { getCurrentMerchantQueryOptions } from '@/features/auth/api/get-current-merchant';
import { loadMerchantSession } from '@/features/auth/guards/load-merchant-session';
import { PricingPlans } from '@/features/plans/components/pricing-plans';
import { getAppQueryClient } from '@/lib/query-client';
import { merchantAccount } from '@/lib/session-storage';
import { merchantMayBeSignedIn } from '@/lib/sign-in-hint';
import { paths } from '../../paths';

/**
 * A new tab has no stored account yet (it lives in the tab's session storage): when the browser
 * carries the merchant's sign-in mark, the session is loaded first (renewed if needed, as the guards
 * do), so a merchant opening the plans from an email or another tab is not shown the visitor's page.
 * A visitor's tab asks nothing. Whatever fails leaves the visitor's page.
 */
export async function loader() {
  if (merchantAccount.get() !== null || !merchantMayBeSignedIn()) return null;
  await loadMerchantSession(getAppQueryClient()).catch(() => null);
  return null;
}

/** The plans side by side need more room than the centered layout's form column. */
export const handle = { wideContent: true };

/** Plan choice (/admin/pricing), where the merchant guard sends a merchant without a plan. */
export function Component() {
  const { t } = useTranslation('admin');
  const { t: tPlans } = useTranslation('plans');
  // Only a tab with a signed-in merchant asks who it is: a visitor just sees the plans (and no 401).
  const signedIn = merchantAccount.get() !== null;
  const merchantQuery = useQuery({ ...getCurrentMerchantQueryOptions(), enabled: signedIn });
  // A session that ended meanwhile (401) leaves a visitor.
  const merchant = !signedIn || merchantQuery.isError ? null : merchantQuery.data;
  const [search] = useSearchParams();
  const chosen = planIds.find((id) => id === search.get('plan'));
  return (
    <div>
      <PageTitle>{t('pages.pricing')}</PageTitle>
      <p className="-mt-3 mb-8 max-w-2xl text-slate-600 dark:text-slate-300">{tPlans('pricing.intro')}</p>
      <PricingPlans merchant={merchant} chosen={chosen} />
      {merchant === null ? (
        <p className="mt-8 text-center text-sm text-slate-600 dark:text-slate-300">
          {tPlans('pricing.haveAccount')}{' '}
          <Link
            to={paths.admin.login.getHref()}
            className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
          >
            {tPlans('pricing.logIn')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

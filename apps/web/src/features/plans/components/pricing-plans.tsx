import type { Merchant, PlanId } from '@nest/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Button, buttonClasses } from '@/components/ui/button';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { toast } from '@/lib/toast';
import { usePlans } from '../api/get-plans';
import { useStartPlanCheckout } from '../api/start-plan-checkout';
import { runningPlanOf } from '../running-plan';
import { PlanGrid } from './plan-grid';

/**
 * The plans to choose from. A merchant without a running plan pays for one on the provider's hosted
 * checkout page; a merchant with one sees it highlighted and changes it from the account page (a
 * change is prorated, a checkout would start a second subscription). A visitor signs up first.
 */
export function PricingPlans({
  merchant,
  chosen,
}: {
  /** null: a visitor; undefined: a signed-in merchant still loading. */
  merchant: Merchant | null | undefined;
  /**
   * The plan the merchant chose before signing up (landing, `?plan=`): a merchant without a plan goes
   * straight to its payment page, once, instead of choosing again.
   */
  chosen?: PlanId | undefined;
}) {
  const { t } = useTranslation('plans');
  const plansQuery = usePlans();
  const checkout = useStartPlanCheckout();
  const errorMessage = useApiErrorMessage();
  // Set once the provider's page is on its way: the button stays busy until the browser leaves.
  const [leavingFor, setLeavingFor] = useState<PlanId | null>(null);
  const current = runningPlanOf(merchant);

  const choose = (plan: PlanId) => {
    if (!merchant) return;
    checkout.mutate(
      { merchantId: merchant.id, plan },
      {
        onSuccess: ({ url }) => {
          setLeavingFor(plan);
          window.location.assign(url);
        },
        onError: (error) => toast.error(t('pricing.checkoutFailed'), { description: errorMessage(error) }),
      },
    );
  };

  const chosenStarted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: started once, when the merchant is known.
  useEffect(() => {
    if (!chosen || chosenStarted.current || !merchant || current) return;
    chosenStarted.current = true;
    choose(chosen);
  }, [chosen, merchant, current]);

  if (plansQuery.isError) {
    return (
      <div
        role="alert"
        className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <p>{t('pricing.loadFailed')}</p>
        <Button variant="secondary" className="mt-4" onClick={() => void plansQuery.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }

  return (
    <PlanGrid
      headingLevel={2}
      offers={plansQuery.data}
      currentPlan={current}
      priceFallback={
        <span className="text-base font-normal text-slate-500 dark:text-slate-400">
          {plansQuery.isPending ? t('pricing.loadingPrice') : t('pricing.priceUnavailable')}
        </span>
      }
      renderAction={(plan, name) => {
        if (merchant === undefined) {
          return (
            <Button className="w-full" variant="secondary" disabled>
              {t('pricing.choose', { plan: name })}
            </Button>
          );
        }
        if (!merchant) {
          return (
            <Link
              to={paths.admin.signup.getHref(plan)}
              className={buttonClasses({ variant: 'secondary' }, 'w-full')}
            >
              {t('pricing.choose', { plan: name })}
            </Link>
          );
        }
        if (plan === current) {
          return (
            <Link
              to={paths.admin.app.account.getHref()}
              className={buttonClasses({ variant: 'secondary' }, 'w-full')}
            >
              {t('pricing.manageCurrent')}
            </Link>
          );
        }
        if (current) {
          return (
            <Link
              to={paths.admin.app.account.getHref()}
              className={buttonClasses({ variant: 'secondary' }, 'w-full')}
            >
              {t('pricing.changeInAccount', { plan: name })}
            </Link>
          );
        }
        const busy = leavingFor === plan || (checkout.isPending && checkout.variables?.plan === plan);
        return (
          <Button
            className="w-full"
            variant={plan === 'pro' ? 'primary' : 'secondary'}
            disabled={!plansQuery.data || checkout.isPending || leavingFor !== null}
            aria-busy={busy}
            onClick={() => choose(plan)}
          >
            {busy ? t('pricing.openingCheckout') : t('pricing.choose', { plan: name })}
          </Button>
        );
      }}
    />
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layout/page-title';
import { Button } from '@/components/ui/button';
import { currentMerchantQueryKey, useCurrentMerchant } from '@/features/auth/api/get-current-merchant';
import { useNest } from '@/features/nests/api/get-nest';
import { CreateNestForm } from '@/features/nests/components/create-nest-form';
import { OnboardingSteps } from '@/features/nests/components/onboarding-steps';
import { PayoutOnboardingCard } from '@/features/payouts/components/payout-onboarding-card';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { toast } from '@/lib/toast';

/**
 * Onboarding (/admin/onboarding/create-nest): the merchant's nest first, then the payout account.
 * A merchant who already has a nest (back here, or after a reload) lands on the payout step.
 */
export function Component() {
  const { t } = useTranslation(['admin', 'nests']);
  const queryClient = useQueryClient();
  const errorMessage = useApiErrorMessage();
  // Creating the nest is what onboards a merchant: before that there is no nest to load.
  const onboarded = Boolean(useCurrentMerchant().data?.onboarded_at);
  const nest = useNest({ enabled: onboarded });

  return (
    <div>
      <PageTitle>{t('admin:pages.createNest')}</PageTitle>
      {onboarded && nest.isPending ? (
        <p aria-busy="true" className="text-slate-500 dark:text-slate-400">
          {t('nests:page.loading')}
        </p>
      ) : nest.isError ? (
        <div
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          <p>{t('nests:page.loadError')}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void nest.refetch()}>
            {t('nests:page.retry')}
          </Button>
        </div>
      ) : nest.data ? (
        <>
          <OnboardingSteps current="payouts" />
          <p className="mb-6 text-slate-600 dark:text-slate-300">{t('nests:page.payoutsIntro')}</p>
          <PayoutOnboardingCard />
        </>
      ) : (
        <>
          <OnboardingSteps current="nest" />
          <p className="mb-6 text-slate-600 dark:text-slate-300">{t('nests:page.intro')}</p>
          <CreateNestForm
            onCreated={({ nest: created, logoError }) => {
              toast.success(t('nests:toasts.created', { name: created.name }));
              if (logoError) {
                toast.warning(t('nests:toasts.logoFailed', { reason: errorMessage(logoError) }));
              }
              // The merchant is onboarded now: the guards must not act on the cached account.
              void queryClient.invalidateQueries({ queryKey: currentMerchantQueryKey });
            }}
          />
        </>
      )}
    </div>
  );
}

import type { PayoutAccount } from '@nest/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { useStartPayoutOnboarding } from '../api/start-payout-onboarding';
import { useSyncedPayoutAccount } from '../api/sync-payout-account';
import { payoutErrorKind } from '../lib/payout-error';
import { PayoutPanel } from './payout-panel';

type Outcome = 'enabled' | 'pending' | 'restricted';

function outcomeOf(account: PayoutAccount): Outcome {
  if (account.charges_enabled && account.payouts_enabled) return 'enabled';
  return account.details_submitted ? 'restricted' : 'pending';
}

/**
 * Back from the provider's onboarding page: reads the account again from the provider (arriving here
 * proves nothing) and says what came of it. An account id that is not the merchant's is refused.
 */
export function PayoutReturn({ accountId }: { accountId: string }) {
  const { t } = useTranslation('payouts');
  const errorMessage = useApiErrorMessage();
  const synced = useSyncedPayoutAccount(accountId);
  const resume = useStartPayoutOnboarding();

  if (synced.isPending) {
    return (
      <PayoutPanel tone="neutral" title={t('return.checkingTitle')} busy>
        <p>{t('return.checking')}</p>
      </PayoutPanel>
    );
  }

  if (synced.isError) {
    const kind = payoutErrorKind(synced.error);
    return (
      <PayoutPanel tone="error" title={t(`errors.${kind}Title`)} role="alert">
        <p>{kind === 'other' ? errorMessage(synced.error) : t(`errors.${kind}Text`)}</p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to={paths.admin.app.dashboard.getHref()} className={buttonClasses({ variant: 'secondary' })}>
            {t('actions.dashboard')}
          </Link>
          {kind === 'notYours' ? null : (
            <Button onClick={() => void synced.refetch()}>{t('actions.retry')}</Button>
          )}
        </div>
      </PayoutPanel>
    );
  }

  const outcome = outcomeOf(synced.data);
  return (
    <PayoutPanel
      tone={outcome === 'enabled' ? 'success' : 'warning'}
      title={t(`return.${outcome}Title`)}
      role="status"
    >
      <p>{t(`return.${outcome}Text`)}</p>
      {resume.isError ? (
        <p role="alert" className="mt-3 font-medium text-red-800 dark:text-red-200">
          {errorMessage(resume.error)}
        </p>
      ) : null}
      <div className={cn('mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end')}>
        {outcome === 'enabled' ? (
          <>
            <Link
              to={paths.admin.app.dashboard.getHref()}
              className={buttonClasses({ variant: 'secondary' })}
            >
              {t('actions.dashboard')}
            </Link>
            <Link to={paths.admin.app.prices.getHref()} className={buttonClasses()}>
              {t('onboarding.createOffer')}
            </Link>
          </>
        ) : (
          <>
            <Link
              to={paths.admin.app.dashboard.getHref()}
              className={buttonClasses({ variant: 'secondary' })}
            >
              {t('actions.later')}
            </Link>
            <Button disabled={resume.isPending || resume.isSuccess} onClick={() => resume.mutate()}>
              {resume.isPending || resume.isSuccess ? t('onboarding.redirecting') : t('onboarding.continue')}
            </Button>
          </>
        )}
      </div>
    </PayoutPanel>
  );
}

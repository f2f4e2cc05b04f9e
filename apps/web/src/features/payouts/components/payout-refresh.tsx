import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Button, buttonClasses } from '@/components/ui/button';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { useRefreshedPayoutLink } from '../api/refresh-payout-link';
import { goToProvider } from '../lib/go-to-provider';
import { payoutErrorKind } from '../lib/payout-error';
import { PayoutPanel } from './payout-panel';

/**
 * The provider sends the merchant here when an onboarding link expired: mint a fresh one for this
 * account and go straight back to the provider. Only the API's answer is followed, never anything in
 * the page's address (a `?redirect=` is ignored); an account that is not the merchant's is refused.
 */
export function PayoutRefresh({ accountId }: { accountId: string }) {
  const { t } = useTranslation('payouts');
  const errorMessage = useApiErrorMessage();
  const link = useRefreshedPayoutLink(accountId);
  const [unsafe, setUnsafe] = useState(false);
  const url = link.data?.url;

  useEffect(() => {
    if (!url) return;
    try {
      // Replace: Back from the provider must not land here and mint yet another link.
      goToProvider(url, { replace: true });
    } catch {
      setUnsafe(true);
    }
  }, [url]);

  if (link.isError || unsafe) {
    const kind = unsafe ? 'other' : payoutErrorKind(link.error);
    return (
      <PayoutPanel tone="error" title={t(`errors.${kind}Title`)} role="alert">
        <p>{kind === 'other' ? errorMessage(link.error) : t(`errors.${kind}Text`)}</p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to={paths.admin.app.dashboard.getHref()} className={buttonClasses({ variant: 'secondary' })}>
            {t('actions.dashboard')}
          </Link>
          {kind === 'notYours' || unsafe ? null : (
            <Button onClick={() => void link.refetch()}>{t('actions.retry')}</Button>
          )}
        </div>
      </PayoutPanel>
    );
  }

  return (
    <PayoutPanel tone="neutral" title={t('refresh.title')} busy role="status">
      <p>{t('refresh.text')}</p>
    </PayoutPanel>
  );
}

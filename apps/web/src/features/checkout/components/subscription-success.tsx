import { PASS_STEP_SECONDS } from '@nest/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { PageTitle } from '@/components/layout/page-title';
import { Button, buttonClasses } from '@/components/ui/button';
import { isApiError } from '@/lib/api-error';
import { checkoutEmail } from '@/lib/session-storage';
import { useCheckoutSession } from '../api/get-checkout-session';
import { PassQr } from './pass-qr';

/**
 * After the payment page: confirms the subscription (asking again every few seconds while the
 * provider has not confirmed it) and shows its pass right away, renewed as the token rotates.
 * Shows only what the checkout session answers: this subscription, never more about the email.
 */
export function SubscriptionSuccess({ sessionId }: { sessionId: string | null }) {
  if (!sessionId) return <Missing />;
  return <Confirmation sessionId={sessionId} />;
}

/** The customer area's login, with the email this tab subscribed with already filled in. */
function AreaLink() {
  const { t } = useTranslation('checkout');
  const email = checkoutEmail.get();
  const href = email
    ? `${paths.client.login.getHref()}?${new URLSearchParams({ email })}`
    : paths.client.login.getHref();
  return (
    <div className="flex flex-col items-center gap-2 text-center">
      <Link to={href} className={buttonClasses({ variant: 'secondary' })}>
        {t('success.area')}
      </Link>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('success.areaHint')}</p>
    </div>
  );
}

function Missing() {
  const { t } = useTranslation(['checkout', 'customers']);
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>{t('customers:pages.subscriptionSuccess')}</PageTitle>
      <p>{t('checkout:success.missing')}</p>
      <AreaLink />
    </div>
  );
}

function Confirmation({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation(['checkout', 'customers']);
  const session = useCheckoutSession(sessionId);

  if (session.isError) {
    if (isApiError(session.error) && session.error.status === 404) return <Missing />;
    return (
      <div className="flex flex-col gap-4">
        <PageTitle>{t('customers:pages.subscriptionSuccess')}</PageTitle>
        <p role="alert">{t('checkout:success.failed')}</p>
        <Button variant="secondary" onClick={() => void session.refetch()}>
          {t('checkout:retry')}
        </Button>
      </div>
    );
  }
  const view = session.data;
  if (!view || view.status === 'pending') {
    return (
      <div className="flex flex-col gap-3" role="status" aria-live="polite">
        <PageTitle>{t('checkout:success.pendingTitle')}</PageTitle>
        <p className="text-slate-600 dark:text-slate-300">{t('checkout:success.pending')}</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>{t('checkout:success.title', { name: view.customer.first_name })}</PageTitle>
      <p>{t('checkout:success.subscribed', { offer: view.offer.name, nest: view.nest.name })}</p>
      <section aria-labelledby="pass-title" className="flex flex-col items-center gap-3">
        <h2 id="pass-title" className="text-lg font-semibold">
          {t('checkout:success.passTitle')}
        </h2>
        {view.pass ? (
          <>
            <PassQr pass={view.pass} firstName={view.customer.first_name} />
            <p className="text-center text-sm text-slate-600 dark:text-slate-300">
              {t('checkout:success.passHint', { seconds: PASS_STEP_SECONDS })}
            </p>
          </>
        ) : (
          <p className="text-center text-sm text-slate-600 dark:text-slate-300">
            {t('checkout:success.passUnavailable')}
          </p>
        )}
      </section>
      <AreaLink />
    </div>
  );
}

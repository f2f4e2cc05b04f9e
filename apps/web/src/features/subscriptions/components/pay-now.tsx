import type { CustomerSubscription } from '@nest/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { declineReason } from '@/lib/decline-reason';
import { useFormatMoney } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useRetryPayment } from '../api/subscriptions';
import { UpdateCardButton } from './update-card-button';

/**
 * The pay-now step of a subscription with something due: the amount, and a button that charges the
 * saved card again. A decline says why; a payment thanks and the card shows the subscription as it
 * is now. Opened from the payment-failed email (`/client/app/overview?pay=<id>`), it is scrolled into
 * view and its button takes the focus. Room is left for another way to pay (a new card) below.
 */
export function PayNow({
  subscription,
  focusOnMount = false,
}: {
  subscription: CustomerSubscription;
  focusOnMount?: boolean;
}) {
  const { t } = useTranslation('subscriptions');
  const money = useFormatMoney();
  const messageOf = useApiErrorMessage();
  const retry = useRetryPayment(subscription.id);
  const [declined, setDeclined] = useState<string | null>(null);
  const section = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!focusOnMount) return;
    // After the page transition has moved the focus to the main region (its effect runs after ours).
    const timer = window.setTimeout(() => {
      section.current?.scrollIntoView({ block: 'center' });
      button.current?.focus({ preventScroll: true });
    }, 0);
    return () => window.clearTimeout(timer);
  }, [focusOnMount]);

  const pay = () => {
    if (retry.isPending) return;
    setDeclined(null);
    retry.mutate(undefined, {
      onSuccess: (result) => {
        if (result.status === 'paid') {
          toast.success(t('pay.paid', { nest: subscription.nest.name }));
        } else {
          setDeclined(t('pay.declined', { reason: t(`declines.${declineReason(result.reason)}`) }));
        }
      },
    });
  };

  const amount = subscription.unpaid_amount_cents || subscription.amount_cents;
  const error = declined ?? (retry.error ? messageOf(retry.error) : undefined);

  return (
    <section
      ref={section}
      aria-label={t('pay.title')}
      data-testid="pay-now"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="font-semibold">{t('pay.due', { amount: money(amount, subscription.currency) })}</p>
      <p className="text-sm">{t('pay.hint')}</p>
      <FormMessage tone="error" message={error} />
      <Button
        ref={button}
        size="lg"
        className="w-full sm:w-auto sm:self-start"
        disabled={retry.isPending}
        onClick={pay}
      >
        {retry.isPending ? t('pay.paying') : t('pay.now', { amount: money(amount, subscription.currency) })}
      </Button>
      <UpdateCardButton subscriptionId={subscription.id} />
    </section>
  );
}

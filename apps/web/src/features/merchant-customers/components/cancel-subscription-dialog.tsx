import type { MerchantCustomerDetail } from '@nest/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { useFormatDate } from '@/lib/dates';
import { useFormatMoney } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useCancelSubscription } from '../api/cancel-subscription';

type Subscription = MerchantCustomerDetail['subscriptions'][number];
const ongoing = new Set(['trialing', 'active', 'past_due', 'unpaid']);

/**
 * The merchant's cancellation of one subscription, confirmed in a dialog: at the end of the period
 * (the default) or now; or, when one is scheduled, taking it back.
 */
export function SubscriptionActions({
  customerId,
  subscription,
}: {
  customerId: string;
  subscription: Subscription;
}) {
  const { t } = useTranslation('merchant-customers');
  const describe = useApiErrorMessage();
  const date = useFormatDate();
  const [open, setOpen] = useState(false);
  const [when, setWhen] = useState<'period_end' | 'now'>('period_end');
  const [prorated, setProrated] = useState(false);
  const money = useFormatMoney();
  const name = useId();
  const cancelling = useCancelSubscription(customerId);
  if (!ongoing.has(subscription.status)) return null;
  const scheduled = subscription.cancel_at_period_end;
  const unused = subscription.unused_cents;
  const endsOn = subscription.current_period_end
    ? date(subscription.current_period_end, { style: 'short' })
    : null;
  const submit = (choice: 'period_end' | 'now' | 'undo') =>
    cancelling.mutate(
      {
        subscriptionId: subscription.id,
        when: choice,
        ...(choice === 'now' && prorated && unused ? { refund: 'prorated' as const } : {}),
      },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success(t(`cancel.done.${choice}`, { offer: subscription.offer.name }));
        },
        onError: (error) => toast.error(t('cancel.failed'), { description: describe(error) }),
      },
    );
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        {scheduled ? t('cancel.undoAction') : t('cancel.action')}
      </Button>
      <Dialog open={open} onOpenChange={(next) => !cancelling.isPending && setOpen(next)}>
        <DialogContent>
          <DialogTitle>
            {scheduled
              ? t('cancel.undoTitle', { offer: subscription.offer.name })
              : t('cancel.title', { offer: subscription.offer.name })}
          </DialogTitle>
          {scheduled ? (
            <DialogDescription>{t('cancel.undoEffect', { date: endsOn ?? '—' })}</DialogDescription>
          ) : (
            <>
              <DialogDescription>{t('cancel.effect')}</DialogDescription>
              <fieldset className="flex flex-col gap-2 text-sm">
                <legend className="sr-only">{t('cancel.when')}</legend>
                <label className="flex items-start gap-2">
                  <input
                    type="radio"
                    name={name}
                    className="mt-1"
                    checked={when === 'period_end'}
                    onChange={() => setWhen('period_end')}
                  />
                  <span>
                    <span className="font-medium">{t('cancel.periodEnd')}</span>
                    <span className="block text-slate-600 dark:text-slate-300">
                      {endsOn ? t('cancel.periodEndHint', { date: endsOn }) : t('cancel.periodEndHintNoDate')}
                    </span>
                  </span>
                </label>
                <label className="flex items-start gap-2">
                  <input
                    type="radio"
                    name={name}
                    className="mt-1"
                    checked={when === 'now'}
                    onChange={() => setWhen('now')}
                  />
                  <span>
                    <span className="font-medium">{t('cancel.now')}</span>
                    <span className="block text-slate-600 dark:text-slate-300">{t('cancel.nowHint')}</span>
                  </span>
                </label>
                {when === 'now' && unused ? (
                  <label className="ml-6 flex items-start gap-2">
                    <input
                      type="checkbox"
                      className="mt-1"
                      checked={prorated}
                      onChange={(event) => setProrated(event.target.checked)}
                    />
                    <span>
                      <span className="font-medium">
                        {t('cancel.prorated', { amount: money(unused, subscription.currency) })}
                      </span>
                      <span className="block text-slate-600 dark:text-slate-300">
                        {t('cancel.proratedHint')}
                      </span>
                    </span>
                  </label>
                ) : null}
              </fieldset>
            </>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" disabled={cancelling.isPending}>
                {t('cancel.keep')}
              </Button>
            </DialogClose>
            <Button
              onClick={() => submit(scheduled ? 'undo' : when)}
              disabled={cancelling.isPending}
              aria-busy={cancelling.isPending}
            >
              {scheduled
                ? t('cancel.undoConfirm')
                : when === 'now' && prorated && unused
                  ? t('cancel.confirm.nowRefund', { amount: money(unused, subscription.currency) })
                  : t(`cancel.confirm.${when}`)}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

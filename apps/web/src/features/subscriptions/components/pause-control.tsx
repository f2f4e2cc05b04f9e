import { type CustomerSubscription, MAX_PAUSE_PERIODS } from '@nest/contracts';
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
import { FormMessage } from '@/components/ui/form-message';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { useFormatDate } from '@/lib/dates';
import { toast } from '@/lib/toast';
import { useSetPause } from '../api/subscriptions';
import { isPausedNow } from '../lib/subscription-state';

/**
 * The customer's pause (ADR 150), when the offer allows it: "Pause" opens a confirmation with the
 * length (up to what the merchant allows); a pause that has not begun can be taken back. Once it has
 * begun only the business can end it early, so nothing is offered then.
 */
export function PauseControl({ subscription }: { subscription: CustomerSubscription }) {
  const { t } = useTranslation('subscriptions');
  const messageOf = useApiErrorMessage();
  const date = useFormatDate();
  const change = useSetPause(subscription.id);
  const [open, setOpen] = useState(false);
  const [periods, setPeriods] = useState(1);
  const selectId = useId();
  const max = Math.min(subscription.pause_max_periods, MAX_PAUSE_PERIODS);
  if (subscription.pause) {
    if (isPausedNow(subscription)) return null;
    return (
      <div className="flex flex-col gap-2">
        <FormMessage tone="error" message={change.error ? messageOf(change.error) : undefined} />
        <Button
          variant="secondary"
          className="w-full sm:w-auto"
          disabled={change.isPending}
          onClick={() =>
            change.mutate(null, {
              onSuccess: () => toast.success(t('pause.takenBack', { offer: subscription.offer.name })),
            })
          }
        >
          {t('pause.takeBack')}
        </Button>
      </div>
    );
  }
  if (max === 0 || subscription.status !== 'active' || subscription.cancel_at_period_end) return null;
  const from = subscription.current_period_end ? date(subscription.current_period_end) : '—';
  return (
    <>
      <Button
        variant="secondary"
        className="w-full sm:w-auto"
        aria-haspopup="dialog"
        onClick={() => {
          change.reset();
          setOpen(true);
        }}
      >
        {t('pause.action')}
      </Button>
      <Dialog open={open} onOpenChange={(next) => !change.isPending && setOpen(next)}>
        <DialogContent>
          <DialogTitle>{t('pause.title', { offer: subscription.offer.name })}</DialogTitle>
          <DialogDescription>{t('pause.effect', { date: from })}</DialogDescription>
          <div className="flex flex-col gap-1 text-sm">
            <label htmlFor={selectId} className="font-medium">
              {t('pause.length')}
            </label>
            <select
              id={selectId}
              value={periods}
              onChange={(event) => setPeriods(Number(event.target.value))}
              className="rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
            >
              {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {t(`pause.periods.${subscription.interval}`, { count: n * subscription.interval_count })}
                </option>
              ))}
            </select>
          </div>
          <FormMessage tone="error" message={change.error ? messageOf(change.error) : undefined} />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" disabled={change.isPending}>
                {t('pause.keep')}
              </Button>
            </DialogClose>
            <Button
              disabled={change.isPending}
              aria-busy={change.isPending}
              onClick={() =>
                change.mutate(periods, {
                  onSuccess: (after) => {
                    setOpen(false);
                    toast.success(
                      t('pause.done', {
                        offer: subscription.offer.name,
                        date: after.pause ? date(after.pause.ends_at) : '—',
                      }),
                    );
                  },
                })
              }
            >
              {t('pause.confirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

import { MAX_PAUSE_PERIODS, type MerchantCustomerDetail } from '@nest/contracts';
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
import { toast } from '@/lib/toast';
import { usePauseSubscription } from '../api/pause-subscription';

type Subscription = MerchantCustomerDetail['subscriptions'][number];
const periodChoices = Array.from({ length: MAX_PAUSE_PERIODS }, (_, i) => i + 1);

/**
 * The merchant's pause of one subscription (ADR 150), confirmed in a dialog: for a number of billing
 * periods after the one already paid; or, when paused, the pause and a confirmed early resume. Offered
 * for an active subscription only; the API says why another cannot be paused.
 */
export function PauseActions({
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
  const [periods, setPeriods] = useState(1);
  const selectId = useId();
  const pausing = usePauseSubscription(customerId);
  const pause = subscription.pause;
  if (subscription.status !== 'active' || (subscription.cancel_at_period_end && !pause)) return null;
  const from = date(pause?.starts_at ?? subscription.current_period_end ?? new Date(), { style: 'short' });
  const until = pause ? date(pause.ends_at, { style: 'short' }) : null;
  const submit = () =>
    pausing.mutate(
      { subscriptionId: subscription.id, periods: pause ? null : periods },
      {
        onSuccess: (detail) => {
          setOpen(false);
          const after = detail.subscriptions.find((s) => s.id === subscription.id)?.pause;
          toast.success(
            after
              ? t('pause.done', {
                  offer: subscription.offer.name,
                  date: date(after.ends_at, { style: 'short' }),
                })
              : t('pause.resumed', { offer: subscription.offer.name }),
          );
        },
        onError: (error) => toast.error(t('pause.failed'), { description: describe(error) }),
      },
    );
  return (
    <div className="flex flex-col gap-2">
      {pause && until ? (
        <p className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:bg-sky-950 dark:text-sky-100">
          {t('pause.status', { from, until })}
        </p>
      ) : null}
      <div>
        <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
          {pause ? t('pause.resumeAction') : t('pause.action')}
        </Button>
      </div>
      <Dialog open={open} onOpenChange={(next) => !pausing.isPending && setOpen(next)}>
        <DialogContent>
          <DialogTitle>
            {pause
              ? t('pause.resumeTitle', { offer: subscription.offer.name })
              : t('pause.title', { offer: subscription.offer.name })}
          </DialogTitle>
          {pause ? (
            <DialogDescription>{t('pause.resumeEffect', { until })}</DialogDescription>
          ) : (
            <>
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
                  {periodChoices.map((n) => (
                    <option key={n} value={n}>
                      {t(`pause.periods.${subscription.interval}`, {
                        count: n * subscription.interval_count,
                      })}
                    </option>
                  ))}
                </select>
              </div>
            </>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" disabled={pausing.isPending}>
                {t('pause.keep')}
              </Button>
            </DialogClose>
            <Button onClick={submit} disabled={pausing.isPending} aria-busy={pausing.isPending}>
              {pause ? t('pause.resumeConfirm') : t('pause.confirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

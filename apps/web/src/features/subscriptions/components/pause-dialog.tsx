import type { CustomerSubscription } from '@nest/contracts';
import { type RefObject, useId, useState } from 'react';
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
import type { useSetPause } from '../api/subscriptions';

/**
 * The confirmation of a pause with its length, with Radix Dialog: its own chunk, downloaded when the
 * customer reaches for "Pause", never with the overview (as the cancel dialog, ADR 111).
 */
export function PauseDialog({
  subscription,
  max,
  change,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  subscription: CustomerSubscription;
  /** The most periods the customer may choose (the offer's limit, capped). */
  max: number;
  change: ReturnType<typeof useSetPause>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it (no Radix trigger: the button is rendered before this code loads). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation('subscriptions');
  const messageOf = useApiErrorMessage();
  const date = useFormatDate();
  const [periods, setPeriods] = useState(1);
  const selectId = useId();
  const from = subscription.current_period_end ? date(subscription.current_period_end) : '—';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
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
                  onOpenChange(false);
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
  );
}

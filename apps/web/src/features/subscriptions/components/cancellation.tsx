import type { CustomerSubscription } from '@nest/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormMessage } from '@/components/ui/form-message';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { useFormatDate } from '@/lib/dates';
import { toast } from '@/lib/toast';
import { useSetCancellation } from '../api/subscriptions';

/**
 * Cancel in two clicks from the overview (French law asks for at most three): "Cancel subscription",
 * then "Confirm cancellation" in the dialog. It ends at the end of the period, and a confirmation is
 * emailed. While it is ending, "Resume" takes the cancellation back in one click.
 */
export function Cancellation({ subscription }: { subscription: CustomerSubscription }) {
  const { t } = useTranslation('subscriptions');
  const date = useFormatDate();
  const messageOf = useApiErrorMessage();
  const change = useSetCancellation(subscription.id);
  const [open, setOpen] = useState(false);
  const endsOn = subscription.current_period_end ? date(subscription.current_period_end) : null;

  if (subscription.cancel_at_period_end) {
    return (
      <div className="flex flex-col gap-2">
        <FormMessage tone="error" message={change.error ? messageOf(change.error) : undefined} />
        <Button
          variant="secondary"
          className="w-full sm:w-auto"
          disabled={change.isPending}
          onClick={() =>
            change.mutate(false, {
              onSuccess: () => toast.success(t('cancel.resumed', { offer: subscription.offer.name })),
            })
          }
        >
          {change.isPending ? t('cancel.resuming') : t('cancel.resume')}
        </Button>
      </div>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (change.isPending) return;
        if (next) change.reset();
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" className="w-full text-red-700 sm:w-auto dark:text-red-400">
          {t('cancel.open')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{t('cancel.title', { offer: subscription.offer.name })}</DialogTitle>
        <DialogDescription>
          {endsOn
            ? t('cancel.description', { nest: subscription.nest.name, date: endsOn })
            : t('cancel.descriptionNoDate', { nest: subscription.nest.name })}
        </DialogDescription>
        <div className="mt-4">
          <FormMessage tone="error" message={change.error ? messageOf(change.error) : undefined} />
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={change.isPending}>
              {t('cancel.keep')}
            </Button>
          </DialogClose>
          <Button
            className="bg-red-700 hover:bg-red-800 dark:bg-red-500 dark:hover:bg-red-400"
            disabled={change.isPending}
            onClick={() =>
              change.mutate(true, {
                onSuccess: () => {
                  setOpen(false);
                  toast.success(t('cancel.done'), { description: t('cancel.emailSent') });
                },
              })
            }
          >
            {change.isPending ? t('cancel.cancelling') : t('cancel.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

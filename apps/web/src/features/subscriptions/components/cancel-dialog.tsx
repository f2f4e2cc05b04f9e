import type { CustomerSubscription } from '@nest/contracts';
import type { RefObject } from 'react';
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
import type { useSetCancellation } from '../api/subscriptions';

/**
 * The confirmation of a cancellation, with Radix Dialog (focus trap, Escape, focus back on the
 * button): its own chunk, downloaded when the customer reaches for "Cancel subscription", never
 * with the overview (ADR 111).
 */
export function CancelDialog({
  subscription,
  change,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  subscription: CustomerSubscription;
  change: ReturnType<typeof useSetCancellation>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it (no Radix trigger: the button is rendered before this code loads). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation('subscriptions');
  const date = useFormatDate();
  const messageOf = useApiErrorMessage();
  const endsOn = subscription.current_period_end ? date(subscription.current_period_end) : null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
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
                  onOpenChange(false);
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

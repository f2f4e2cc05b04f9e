import type { CustomerSubscription } from '@nest/contracts';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { withChunkReload } from '@/lib/chunk-reload';
import { toast } from '@/lib/toast';
import { useSetCancellation } from '../api/subscriptions';

const loadCancelDialog = withChunkReload(() => import('./cancel-dialog'));
const CancelDialog = lazy(() => loadCancelDialog().then((module) => ({ default: module.CancelDialog })));

/**
 * Cancel in two clicks from the overview (French law asks for at most three): "Cancel subscription",
 * then "Confirm cancellation" in the dialog. It ends at the end of the period, and a confirmation is
 * emailed. While it is ending, "Resume" takes the cancellation back in one click.
 */
export function Cancellation({ subscription }: { subscription: CustomerSubscription }) {
  const { t } = useTranslation('subscriptions');
  const messageOf = useApiErrorMessage();
  const change = useSetCancellation(subscription.id);
  const [open, setOpen] = useState(false);
  // Mounted on the first open only, then kept (so it can animate closed).
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

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

  const openChange = (next: boolean) => {
    if (change.isPending) return;
    if (next) change.reset();
    setOpen(next);
  };
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        className="w-full text-red-700 sm:w-auto dark:text-red-400"
        aria-haspopup="dialog"
        aria-expanded={open}
        // The dialog's code is fetched as soon as the customer reaches for the button.
        onPointerEnter={() => void loadCancelDialog()}
        onTouchStart={() => void loadCancelDialog()}
        onFocus={() => void loadCancelDialog()}
        onClick={() => {
          setWanted(true);
          openChange(true);
        }}
      >
        {t('cancel.open')}
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <CancelDialog
            subscription={subscription}
            change={change}
            open={open}
            onOpenChange={openChange}
            returnFocusTo={button}
          />
        </Suspense>
      ) : null}
    </>
  );
}

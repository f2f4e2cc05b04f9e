import { type CustomerSubscription, MAX_PAUSE_PERIODS } from '@nest/contracts';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { withChunkReload } from '@/lib/chunk-reload';
import { toast } from '@/lib/toast';
import { useSetPause } from '../api/subscriptions';
import { isPausedNow } from '../lib/subscription-state';

const loadPauseDialog = withChunkReload(() => import('./pause-dialog'));
const PauseDialog = lazy(() => loadPauseDialog().then((module) => ({ default: module.PauseDialog })));

/**
 * The customer's pause (ADR 150), when the offer allows it: "Pause" opens a confirmation with the
 * length (up to what the merchant allows); a pause that has not begun can be taken back. Once it has
 * begun only the business can end it early, so nothing is offered then.
 */
export function PauseControl({ subscription }: { subscription: CustomerSubscription }) {
  const { t } = useTranslation('subscriptions');
  const messageOf = useApiErrorMessage();
  const change = useSetPause(subscription.id);
  const [open, setOpen] = useState(false);
  // Mounted on the first open only, then kept (so it can animate closed).
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
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
  return (
    <>
      <Button
        ref={button}
        variant="secondary"
        className="w-full sm:w-auto"
        aria-haspopup="dialog"
        aria-expanded={open}
        // The dialog's code is fetched as soon as the customer reaches for the button.
        onPointerEnter={() => void loadPauseDialog()}
        onTouchStart={() => void loadPauseDialog()}
        onFocus={() => void loadPauseDialog()}
        onClick={() => {
          change.reset();
          setWanted(true);
          setOpen(true);
        }}
      >
        {t('pause.action')}
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <PauseDialog
            subscription={subscription}
            max={max}
            change={change}
            open={open}
            onOpenChange={(next) => !change.isPending && setOpen(next)}
            returnFocusTo={button}
          />
        </Suspense>
      ) : null}
    </>
  );
}

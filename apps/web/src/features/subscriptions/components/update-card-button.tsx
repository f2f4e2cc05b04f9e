import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { toast } from '@/lib/toast';
import { useCardUpdateSession } from '../api/card-update';

/**
 * "Use another card": opens the provider's hosted card page for this subscription. Once the new card
 * is saved there, what is due is charged to it and the customer comes back to the pay-now step.
 */
export function UpdateCardButton({ subscriptionId }: { subscriptionId: string }) {
  const { t } = useTranslation('subscriptions');
  const messageOf = useApiErrorMessage();
  const session = useCardUpdateSession(subscriptionId);
  const [leaving, setLeaving] = useState(false);

  const open = () => {
    if (session.isPending || leaving) return;
    session.mutate(undefined, {
      onSuccess: ({ url }) => {
        setLeaving(true);
        window.location.assign(url);
      },
      onError: (error) => toast.error(t('pay.cardPageFailed'), { description: messageOf(error) }),
    });
  };

  const busy = session.isPending || leaving;
  return (
    <Button
      variant="secondary"
      size="lg"
      className="w-full sm:w-auto sm:self-start"
      disabled={busy}
      onClick={open}
    >
      {busy ? t('pay.openingCardPage') : t('pay.updateCard')}
    </Button>
  );
}

/**
 * Back from the provider's card page (`?card=updated`): says the card is saved, once, and drops the
 * marker from the address so a reload does not say it again. The overview shows the state the
 * guard just loaded (the sandbox applies the card before sending the customer back).
 */
export function CardUpdatedNotice() {
  const { t } = useTranslation('subscriptions');
  const [params, setParams] = useSearchParams();
  const shown = useRef(false);
  const updated = params.get('card') === 'updated';

  useEffect(() => {
    if (!updated || shown.current) return;
    shown.current = true;
    toast.success(t('pay.cardUpdated'));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('card');
        return next;
      },
      { replace: true },
    );
  }, [updated, setParams, t]);

  return null;
}

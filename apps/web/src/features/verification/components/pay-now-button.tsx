import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { useSendPayNow } from '../api/verify';

/** Emails a past-due customer the pay-now link, and says on screen that it was sent (or why not). */
export function PayNowButton({ subscriptionId }: { subscriptionId: string }) {
  const { t } = useTranslation('verification');
  const errorMessage = useApiErrorMessage();
  const send = useSendPayNow();
  return (
    <div className="flex flex-col gap-2">
      {send.data ? (
        <p
          role="status"
          className="flex items-center gap-2 text-base font-semibold"
          data-testid="pay-now-sent"
        >
          <span aria-hidden="true">✉</span>
          {t('payNow.sent', { email: send.data.sent_to })}
        </p>
      ) : (
        <Button
          size="lg"
          className="h-12 w-full text-base sm:w-auto"
          disabled={send.isPending}
          onClick={() => send.mutate(subscriptionId)}
        >
          {send.isPending ? t('payNow.sending') : t('payNow.button')}
        </Button>
      )}
      {send.error ? (
        <p role="alert" className="text-sm font-medium">
          {errorMessage(send.error)}
        </p>
      ) : null}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { useQrImage } from '@/lib/use-qr-image';
import { usePass } from '../api/subscriptions';

/**
 * The pass for the counter: a large QR code of the subscription's signed token, renewed every 30 s
 * (a screenshot is useless a minute later), with the customer's name and the short code to read out
 * when the camera fails. Black on white in every colour mode, so it scans at full brightness.
 */
export function SubscriptionPass({ subscriptionId, holder }: { subscriptionId: string; holder: string }) {
  const { t } = useTranslation('subscriptions');
  const messageOf = useApiErrorMessage();
  const pass = usePass(subscriptionId);
  const src = useQrImage(pass.data?.token);

  return (
    <figure
      className="mx-auto flex w-full max-w-xs flex-col items-center gap-3 rounded-2xl bg-white p-4 text-slate-950 shadow-sm ring-1 ring-slate-300"
      data-testid="pass"
      data-token={pass.data?.token ?? ''}
    >
      <div className="aspect-square w-full" aria-busy={!src}>
        {pass.isError ? (
          <div className="flex size-full flex-col items-center justify-center gap-3 text-center text-sm">
            <p role="alert">{messageOf(pass.error)}</p>
            <Button
              variant="secondary"
              onClick={() => void pass.refetch()}
              className="!bg-white !text-slate-950"
            >
              {t('retry')}
            </Button>
          </div>
        ) : src ? (
          <img
            src={src}
            data-qr-text={pass.data?.token}
            alt={t('pass.alt', { name: holder })}
            className="size-full [image-rendering:pixelated]"
          />
        ) : (
          <div className="size-full animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none" />
        )}
      </div>
      <figcaption className="flex flex-col items-center gap-1 text-center">
        <span className="text-lg font-semibold">{holder}</span>
        <span className="text-sm">
          {t('pass.code')}{' '}
          <span className="font-mono text-xl font-bold tracking-widest" data-testid="pass-code">
            {pass.data?.code ?? '········'}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}

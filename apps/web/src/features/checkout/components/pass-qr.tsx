import type { Pass } from '@nest/contracts';
import { useTranslation } from 'react-i18next';
import { useQrImage } from '@/lib/use-qr-image';

/** The customer's pass: a QR of the rotating token, their first name and the short code for the counter. */
export function PassQr({ pass, firstName }: { pass: Pass; firstName: string }) {
  const { t } = useTranslation('checkout');
  const src = useQrImage(pass.token);
  return (
    <figure className="flex flex-col items-center gap-3" data-testid="pass" data-token={pass.token}>
      <div className="size-64 rounded-2xl bg-white p-2 shadow-sm ring-1 ring-slate-200">
        {src ? (
          <img src={src} data-qr-text={pass.token} alt={t('success.passAlt')} className="size-full" />
        ) : null}
      </div>
      <figcaption className="flex flex-col items-center gap-1">
        <span className="text-lg font-semibold">{firstName}</span>
        <span className="text-sm text-slate-600 dark:text-slate-300">
          {t('success.code')}{' '}
          <span className="font-mono text-base font-semibold tracking-widest" data-testid="pass-code">
            {pass.code}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}

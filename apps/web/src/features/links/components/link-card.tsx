import type { Link } from '@nest/contracts';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { toast } from '@/lib/toast';
import { linkQrUrl } from '../api/link-qr-url';
import { useUpdateLink } from '../api/update-link';
import { LinkCounters } from './link-counters';
import { LinkPosterDialog } from './link-poster-dialog';

/**
 * One link: its place, offer, address to copy, on/off switch, counters, QR downloads and poster.
 * `paymentsOff`: the merchant's payouts are not on, so the link page refuses new subscriptions; an
 * active link then says so instead of "Active".
 */
export function LinkCard({ link, paymentsOff = false }: { link: Link; paymentsOff?: boolean }) {
  const { t } = useTranslation('links');
  const update = useUpdateLink();

  async function copy() {
    try {
      await navigator.clipboard.writeText(link.url);
      toast.success(t('list.copied'));
    } catch {
      toast.error(t('list.copyFailed'));
    }
  }

  function toggle() {
    const active = !link.active;
    update.mutate(
      { id: link.id, body: { active } },
      {
        onSuccess: () => toast.success(active ? t('list.enabled') : t('list.disabled')),
        onError: () => toast.error(t('list.toggleFailed')),
      },
    );
  }

  return (
    <li
      data-link-id={link.id}
      aria-labelledby={`link-${link.id}`}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={`link-${link.id}`} className="text-base font-semibold">
            {link.label}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t('list.offer', { offer: link.offer.name })}
            {link.offer.status === 'archived' ? ` (${t('list.archivedOffer')})` : null}
          </p>
        </div>
        <span
          className={
            link.active && paymentsOff
              ? 'rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/50 dark:text-amber-100'
              : link.active
                ? 'rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100'
                : 'rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-700 dark:text-slate-200'
          }
        >
          {link.active ? (paymentsOff ? t('list.paused') : t('list.active')) : t('list.inactive')}
        </span>
      </div>
      {link.active && paymentsOff ? (
        <p className="-mt-2 text-sm text-amber-900 dark:text-amber-200">{t('list.pausedNote')}</p>
      ) : null}
      <div className="flex gap-2">
        <Input
          readOnly
          value={link.url}
          aria-label={t('list.url', { label: link.label })}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono"
        />
        <Button variant="secondary" onClick={() => void copy()}>
          {t('list.copy')}
        </Button>
      </div>
      <LinkCounters link={link} />
      <div className="flex flex-wrap gap-2">
        <a
          href={linkQrUrl(link.id, 'png')}
          download={`nest-link-${link.nest_link_id}.png`}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          {t('list.qrPng')}
        </a>
        <a
          href={linkQrUrl(link.id, 'svg')}
          download={`nest-link-${link.nest_link_id}.svg`}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          {t('list.qrSvg')}
        </a>
        <LinkPosterDialog link={link} />
        <Button variant="ghost" size="sm" onClick={toggle} disabled={update.isPending} className="ml-auto">
          {link.active ? t('list.disable') : t('list.enable')}
        </Button>
      </div>
    </li>
  );
}

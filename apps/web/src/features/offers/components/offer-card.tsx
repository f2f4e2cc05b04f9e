import type { Offer } from '@nest/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useFormatDate } from '@/lib/dates';
import { usePriceText } from './use-price-text';

interface OfferCardProps {
  offer: Offer;
  onEdit: (offer: Offer) => void;
  onArchive: (offer: Offer) => void;
  onRestore: (offer: Offer) => void;
  /** The offer whose archive or restore is being sent. */
  busy: boolean;
  /** The "Share" action (its link), given by the page: offers do not know links. */
  share?: ReactNode;
}

function Badge({ children }: { children: string }) {
  return (
    <li className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
      {children}
    </li>
  );
}

/** One offer in the list: its price, terms, subscribers, price versions and actions. */
export function OfferCard({ offer, onEdit, onArchive, onRestore, busy, share }: OfferCardProps) {
  const { t } = useTranslation('offers');
  const priceText = usePriceText();
  const archived = offer.status === 'archived';
  const titleId = `offer-${offer.id}-name`;
  const plural = (key: 'subscribers' | 'trial' | 'capacity', n: number) =>
    t(n === 1 ? `card.${key}.one` : `card.${key}.other`, { n });
  const formatDate = useFormatDate();

  return (
    <li
      aria-labelledby={titleId}
      data-offer-id={offer.id}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="text-lg font-semibold break-words">
            {offer.name}
          </h3>
          <p className="mt-0.5 text-base font-medium text-brand-800 dark:text-brand-300">
            {priceText(offer)}
          </p>
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {plural('subscribers', offer.subscriber_count)}
        </p>
      </div>
      {offer.description ? (
        <p className="mt-2 text-sm break-words text-slate-600 dark:text-slate-300">{offer.description}</p>
      ) : null}
      <p className="mt-2 text-sm break-words">
        <span className="font-medium">{t('card.grants')}</span> {offer.grants}
      </p>
      <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('card.terms')}>
        {offer.trial_days > 0 ? <Badge>{plural('trial', offer.trial_days)}</Badge> : null}
        {offer.capacity !== null ? <Badge>{plural('capacity', offer.capacity)}</Badge> : null}
        {offer.usage_allowance ? (
          <Badge>{t(`card.usage.${offer.usage_allowance.per}`, { n: offer.usage_allowance.uses })}</Badge>
        ) : null}
        {offer.reward_rule ? (
          <Badge>
            {t(`card.reward.${offer.reward_rule.kind}`, {
              n: offer.reward_rule.every,
              reward: offer.reward_rule.reward_name,
            })}
          </Badge>
        ) : null}
      </ul>

      <details className="group mt-4 text-sm">
        <summary className="cursor-pointer font-medium text-slate-700 select-none dark:text-slate-200">
          {t('card.versions', { n: offer.versions.length })}
        </summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{t('card.versionsCaption', { name: offer.name })}</caption>
          <thead className="text-xs text-slate-500 dark:text-slate-400">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                {t('card.version')}
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                {t('card.price')}
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                {t('card.versionSubscribers')}
              </th>
              <th scope="col" className="hidden py-1 font-medium sm:table-cell">
                {t('card.since')}
              </th>
            </tr>
          </thead>
          <tbody>
            {offer.versions.map((version) => (
              <tr key={version.id} className="border-t border-slate-100 dark:border-slate-800">
                <td className="py-1.5 pr-3">
                  {t('card.versionNumber', { n: version.version })}
                  {version.current ? (
                    <span className="ml-2 text-xs text-brand-800 dark:text-brand-300">
                      {t('card.current')}
                    </span>
                  ) : null}
                </td>
                <td className="py-1.5 pr-3">{priceText(version)}</td>
                <td className="py-1.5 pr-3">{version.subscriber_count}</td>
                <td className="hidden py-1.5 sm:table-cell">{formatDate(version.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>

      <div className="mt-4 flex flex-wrap justify-end gap-2">
        {archived ? (
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => onRestore(offer)}>
            {t('card.restore')}
            <span className="sr-only"> {offer.name}</span>
          </Button>
        ) : (
          <>
            <Button variant="ghost" size="sm" disabled={busy} onClick={() => onArchive(offer)}>
              {t('card.archive')}
              <span className="sr-only"> {offer.name}</span>
            </Button>
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => onEdit(offer)}>
              {t('card.edit')}
              <span className="sr-only"> {offer.name}</span>
            </Button>
            {share}
          </>
        )}
      </div>
    </li>
  );
}

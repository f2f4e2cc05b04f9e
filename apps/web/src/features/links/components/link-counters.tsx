import type { Link } from '@nest/contracts';
import { numberFormat } from '@nest/contracts';
import { useTranslation } from 'react-i18next';

/** Visits, checkouts started and subscriptions won by one link. */
export function LinkCounters({ link }: { link: Link }) {
  const { t, i18n } = useTranslation('links');
  const number = numberFormat(i18n.resolvedLanguage ?? i18n.language);
  const counters = [
    { key: 'visits', label: t('list.visits'), value: link.visits },
    { key: 'checkouts', label: t('list.checkouts'), value: link.checkouts_started },
    { key: 'subscriptions', label: t('list.subscriptions'), value: link.subscriptions_won },
  ] as const;
  return (
    <dl className="grid grid-cols-3 gap-2 text-center">
      {counters.map((counter) => (
        <div key={counter.key} className="rounded-xl bg-slate-50 px-2 py-3 dark:bg-slate-800/60">
          <dt className="text-xs text-slate-600 dark:text-slate-300">{counter.label}</dt>
          <dd className="mt-1 text-xl font-semibold tabular-nums" data-counter={counter.key}>
            {number.format(counter.value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

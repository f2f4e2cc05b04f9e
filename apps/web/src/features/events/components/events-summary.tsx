import { numberFormat } from '@nest/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEvents } from '../api/merchant-events';

/**
 * The dashboard's events figures: upcoming events, their registrations and the attendance rate of
 * the last 90 days. Shown once the nest has had an event.
 */
export function EventsSummary({ eventsHref }: { eventsHref: string }) {
  const { t, i18n } = useTranslation('events');
  const events = useEvents('upcoming');
  const summary = events.data?.summary;
  if (!summary || (summary.upcoming === 0 && summary.attendance_rate === null)) return null;
  const percent = numberFormat(i18n.resolvedLanguage ?? i18n.language, { style: 'percent' });
  return (
    <section
      aria-labelledby="events-summary-title"
      className="mb-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="events-summary-title" className="text-lg font-semibold tracking-tight">
          {t('summary.title')}
        </h2>
        <Link
          to={eventsHref}
          className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
        >
          {t('summary.open')}
        </Link>
      </div>
      <dl className="mt-4 grid grid-cols-3 gap-3">
        <div>
          <dt className="text-sm text-slate-500 dark:text-slate-400">{t('summary.upcoming')}</dt>
          <dd className="text-2xl font-semibold">{summary.upcoming}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500 dark:text-slate-400">{t('summary.registrations')}</dt>
          <dd className="text-2xl font-semibold">{summary.upcoming_registrations}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500 dark:text-slate-400">{t('summary.attendance')}</dt>
          <dd className="text-2xl font-semibold">
            {summary.attendance_rate === null ? '—' : percent.format(summary.attendance_rate)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

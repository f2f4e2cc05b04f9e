import type { CheckIn } from '@nest/contracts';
import { useTranslation } from 'react-i18next';
import { useRecentCheckIns } from '../api/verify';

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** Today's check-ins at this counter, newest first. */
export function RecentCheckIns() {
  const { t, i18n } = useTranslation('verification');
  const recent = useRecentCheckIns();
  const today = (recent.data?.check_ins ?? []).filter((c) => sameDay(new Date(c.checked_at), new Date()));
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
  return (
    <section aria-labelledby="recent-title" className="flex flex-col gap-3">
      <h2 id="recent-title" className="text-lg font-semibold">
        {t('recent.title')}
      </h2>
      {recent.isPending ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('recent.loading')}</p>
      ) : recent.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t('recent.error')}
        </p>
      ) : today.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('recent.empty')}</p>
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
          aria-label={t('recent.title')}
        >
          {today.map((checkIn) => (
            <Row key={checkIn.id} checkIn={checkIn} time={time.format(new Date(checkIn.checked_at))} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Row({ checkIn, time }: { checkIn: CheckIn; time: string }) {
  const { t } = useTranslation('verification');
  const granted = checkIn.result === 'eligible';
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <span
        className={
          granted
            ? 'rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100'
            : 'rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-900 dark:text-red-100'
        }
      >
        {granted ? t('recent.granted') : t('recent.refused')}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">
          {checkIn.customer_name || (checkIn.offer_name ? t('verdict.noName') : t('recent.unknownPass'))}
        </p>
        <p className="truncate text-sm text-slate-600 dark:text-slate-300">
          {[
            checkIn.offer_name,
            checkIn.reason ? t(`reason.${checkIn.reason}`) : null,
            checkIn.repeat ? t('recent.repeat') : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      <time dateTime={checkIn.checked_at} className="text-sm text-slate-500 tabular-nums dark:text-slate-400">
        {time}
      </time>
    </li>
  );
}

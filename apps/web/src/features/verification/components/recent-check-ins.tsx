import type { CheckIn } from '@nest/contracts';
import { dateTimeFormat } from '@nest/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { useRecentCheckIns, useUndoCheckIn } from '../api/verify';
import { verdictBadge } from './verdict-icon';

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** The time now, ticking every few seconds while something can still be undone. */
function useNow(active: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), 5_000);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

/** Today's check-ins at this counter, newest first; one recorded by mistake can be undone for 2 minutes. */
export function RecentCheckIns() {
  const { t, i18n } = useTranslation('verification');
  const errorMessage = useApiErrorMessage();
  const recent = useRecentCheckIns();
  const undo = useUndoCheckIn();
  const today = (recent.data?.check_ins ?? []).filter((c) => sameDay(new Date(c.checked_at), new Date()));
  const undoable = today.some((c) => c.undo_until !== null);
  const now = useNow(undoable);
  const time = dateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
  return (
    <section aria-labelledby="recent-title" className="flex flex-col gap-3">
      <h2 id="recent-title" className="text-lg font-semibold">
        {t('recent.title')}
      </h2>
      {undo.isSuccess ? (
        <p role="status" className="text-sm font-medium text-emerald-800 dark:text-emerald-300">
          {t('recent.undoDone')}
        </p>
      ) : null}
      {undo.error ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {errorMessage(undo.error)}
        </p>
      ) : null}
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
            <Row
              key={checkIn.id}
              checkIn={checkIn}
              time={time.format(new Date(checkIn.checked_at))}
              // Offered while the server says it may be undone; a late press gets its clear refusal.
              canUndo={checkIn.undo_until !== null && new Date(checkIn.undo_until).getTime() > now}
              undoing={undo.isPending && undo.variables === checkIn.id}
              onUndo={() => undo.mutate(checkIn.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function Row({
  checkIn,
  time,
  canUndo,
  undoing,
  onUndo,
}: {
  checkIn: CheckIn;
  time: string;
  canUndo: boolean;
  undoing: boolean;
  onUndo: () => void;
}) {
  const { t } = useTranslation('verification');
  const name = checkIn.customer_name || (checkIn.offer_name ? t('verdict.noName') : t('recent.unknownPass'));
  const label = checkIn.undone_at
    ? t('recent.undone')
    : checkIn.result === 'eligible'
      ? t('recent.granted')
      : checkIn.result === 'grace'
        ? t('recent.grace')
        : t('recent.refused');
  return (
    <li className="flex items-center gap-3 px-4 py-3" data-testid="check-in">
      <span
        className={cn(
          'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold',
          checkIn.undone_at
            ? 'bg-slate-200 text-slate-800 line-through dark:bg-slate-700 dark:text-slate-100'
            : verdictBadge[checkIn.result],
        )}
      >
        {label}
      </span>
      <div className="min-w-0 flex-1">
        <p
          className={cn(
            'truncate font-medium',
            checkIn.undone_at && 'text-slate-500 line-through dark:text-slate-400',
          )}
        >
          {name}
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
      {canUndo ? (
        <Button
          variant="secondary"
          size="sm"
          disabled={undoing}
          onClick={onUndo}
          aria-label={t('recent.undoLabel', { name, time })}
        >
          {t('recent.undo')}
        </Button>
      ) : null}
      <time dateTime={checkIn.checked_at} className="text-sm text-slate-500 tabular-nums dark:text-slate-400">
        {time}
      </time>
    </li>
  );
}

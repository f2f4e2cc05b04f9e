import { dateTimeFormat } from '@nest/contracts';
import { OFFLINE_STALE_MINUTES_MAX } from '@nest/contracts/offline';
import { type RefObject, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Input } from '@/components/ui/field';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { useFormatDate } from '@/lib/dates';
import { useAcceptedOffline, useSaveOfflineSettings } from '../api/verify';
import { useVerdictWords } from '../components/verdict';
import { VerdictIcon, verdictBanner } from '../components/verdict-icon';
import type { StoredSnapshot } from './store';
import type { OfflineAnswer } from './use-offline-counter';

/** Whole minutes since the snapshot was taken, ticking while the screen is open. */
export function useSnapshotAge(generatedAt: string | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 15_000);
    return () => window.clearInterval(timer);
  }, []);
  if (!generatedAt) return null;
  return Math.max(0, Math.floor((now - Date.parse(generatedAt)) / 60_000));
}

/**
 * "Offline" said plainly, with the snapshot's age (amber past the merchant's threshold) and the
 * check-ins waiting to be sent; online, a quiet line that the counter is ready for a cut.
 */
export function OfflineStatus({
  online,
  snapshot,
  pending,
}: {
  online: boolean;
  snapshot: StoredSnapshot | null;
  pending: number;
}) {
  const { t } = useTranslation('verification');
  const age = useSnapshotAge(snapshot?.generated_at);
  const stale = age !== null && snapshot !== null && age >= snapshot.stale_after_minutes;
  if (online) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="offline-ready">
        {snapshot ? t('offline.ready', { count: age ?? 0 }) : t('offline.notReady')}
        {pending > 0 ? ` ${t('offline.sending', { count: pending })}` : ''}
      </p>
    );
  }
  return (
    <div
      role="status"
      data-testid="offline-status"
      data-stale={stale}
      className={cn(
        'rounded-2xl border-2 p-4',
        stale
          ? 'border-amber-500 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50'
          : 'border-slate-400 bg-slate-100 text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-50',
      )}
    >
      <p className="text-lg font-bold">{t('offline.title')}</p>
      <p>
        {snapshot ? t('offline.snapshotAge', { count: age ?? 0 }) : t('offline.noSnapshot')}
        {stale ? ` ${t('offline.stale', { count: snapshot.stale_after_minutes })}` : ''}
      </p>
      <p className="text-sm">{t('offline.onlyScan')}</p>
      {pending > 0 ? <p className="text-sm font-medium">{t('offline.queued', { count: pending })}</p> : null}
    </div>
  );
}

/** The answer given offline: the same colours, and always the words "offline" and the snapshot's age. */
export function OfflineVerdict({
  answer,
  onNext,
  nextRef,
}: {
  answer: OfflineAnswer;
  onNext: () => void;
  nextRef: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation('verification');
  const words = useVerdictWords();
  const age = useSnapshotAge(answer.kind === 'verdict' ? answer.snapshotAt : undefined);
  const formatDate = useFormatDate();
  return (
    <section aria-labelledby="verdict-title" className="flex flex-col gap-4" data-testid="verdict">
      {answer.kind === 'verdict' ? (
        <>
          <div
            data-testid="verdict-banner"
            data-result={answer.verdict.result}
            className={cn('rounded-2xl p-6 text-center shadow-lg', verdictBanner[answer.verdict.result])}
          >
            <VerdictIcon result={answer.verdict.result} className="mx-auto size-16 sm:size-20" />
            <h2 id="verdict-title" className="mt-2 text-3xl font-bold sm:text-5xl">
              {words(answer.verdict).title}
            </h2>
            {words(answer.verdict).reason ? (
              <p className="mt-2 text-lg font-semibold sm:text-xl">{words(answer.verdict).reason}</p>
            ) : null}
            {answer.verdict.graceUntil ? (
              <p className="mt-1 text-base font-medium">
                {t('verdict.graceUntil', { date: formatDate(answer.verdict.graceUntil) })}
              </p>
            ) : null}
            {answer.verdict.repeat ? <p className="mt-2 text-base">{t('verdict.repeat')}</p> : null}
            <p className="mt-3 text-base font-semibold" data-testid="offline-verdict-age">
              {t('offline.verdictAge', { count: age ?? 0 })}
            </p>
          </div>
          {answer.offer ? (
            <dl className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-5 text-base sm:grid-cols-2 dark:border-slate-800 dark:bg-slate-900">
              <div>
                <dt className="text-sm text-slate-500 dark:text-slate-400">{t('verdict.offer')}</dt>
                <dd className="text-xl font-semibold">{answer.offer.name}</dd>
              </div>
              {answer.verdict.usage ? (
                <div>
                  <dt className="text-sm text-slate-500 dark:text-slate-400">{t('verdict.usage')}</dt>
                  <dd className="text-lg font-semibold" data-testid="usage-left">
                    {t(`usageLeft.${answer.verdict.usage.allowance.per}`, {
                      count: answer.verdict.usage.left,
                    })}
                  </dd>
                </div>
              ) : null}
              <div className="sm:col-span-2">
                <dt className="text-sm text-slate-500 dark:text-slate-400">{t('verdict.grants')}</dt>
                <dd>{answer.offer.grants}</dd>
              </div>
            </dl>
          ) : null}
          {answer.verdict.result !== 'not_eligible' ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('offline.rewardsLater')}</p>
          ) : null}
        </>
      ) : (
        <div role="alert" className="rounded-2xl border-2 border-slate-400 p-5">
          <h2 id="verdict-title" className="text-xl font-bold">
            {t('offline.title')}
          </h2>
          <p>{answer.kind === 'online_only' ? t('offline.oldPass') : t('offline.noSnapshot')}</p>
        </div>
      )}
      <Button ref={nextRef} size="lg" className="h-14 w-full text-lg" onClick={onNext}>
        {t('verdict.next')}
      </Button>
    </section>
  );
}

/** Let in offline although the server would have refused: the merchant sees each one (ADR 185). */
export function AcceptedOfflineList() {
  const { t, i18n } = useTranslation('verification');
  const list = useAcceptedOffline();
  const when = dateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
    dateStyle: 'short',
    timeStyle: 'short',
  });
  const items = list.data?.check_ins ?? [];
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="accepted-offline-title"
      className="rounded-2xl border-2 border-amber-400 bg-amber-50 p-5 dark:border-amber-600 dark:bg-amber-950"
      data-testid="accepted-offline"
    >
      <h2 id="accepted-offline-title" className="text-lg font-semibold">
        {t('offline.accepted.title')}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-200">{t('offline.accepted.intro')}</p>
      <ul className="mt-3 flex flex-col gap-2">
        {items.map((item) => (
          <li key={item.id} className="flex flex-col sm:flex-row sm:justify-between sm:gap-4">
            <span className="font-medium">
              {item.customer_name || t('verdict.noName')}
              {item.offer_name ? ` · ${item.offer_name}` : ''}
            </span>
            <span className="text-sm">
              {item.accepted_offline === 'usage_exhausted'
                ? t('offline.accepted.overAllowance')
                : t(`reason.${item.accepted_offline ?? 'canceled'}`)}{' '}
              · {when.format(new Date(item.checked_at))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The merchant's threshold: past this age the offline snapshot is shown in amber. */
export function OfflineSettings({ current }: { current: number }) {
  const { t } = useTranslation('verification');
  const save = useSaveOfflineSettings();
  const errorMessage = useApiErrorMessage();
  const [value, setValue] = useState(String(current));
  const [saved, setSaved] = useState(false);
  const id = useId();
  useEffect(() => setValue(String(current)), [current]);
  return (
    <form
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        setSaved(false);
        save.mutate({ stale_after_minutes: Number(value) }, { onSuccess: () => setSaved(true) });
      }}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {t('offline.threshold')}
        </label>
        <Input
          id={id}
          type="number"
          min={1}
          max={OFFLINE_STALE_MINUTES_MAX}
          value={value}
          className="w-32"
          onChange={(event) => setValue(event.target.value)}
        />
      </div>
      <Button type="submit" variant="secondary" disabled={save.isPending}>
        {t('offline.thresholdSave')}
      </Button>
      {saved ? (
        <p role="status" className="text-sm">
          {t('offline.thresholdSaved')}
        </p>
      ) : null}
      {save.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(save.error)}
        </p>
      ) : null}
    </form>
  );
}

import type { Verification } from '@nest/contracts';
import { dateTimeFormat } from '@nest/contracts';
import { type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ApiError } from '@/lib/api-error';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { useFormatDate } from '@/lib/dates';
import { useRedeemReward } from '../api/verify';
import { PayNowButton } from './pay-now-button';
import { VerdictIcon, verdictBanner } from './verdict-icon';

/** The verdict's title and its reason in words, as shown and as announced. */
export function useVerdictWords() {
  const { t } = useTranslation('verification');
  return (verification: Pick<Verification, 'result' | 'reason'>) => {
    const title =
      verification.result === 'eligible'
        ? t('verdict.granted')
        : verification.result === 'grace'
          ? t('verdict.grace')
          : t('verdict.refused');
    const reason =
      verification.result === 'grace'
        ? t('verdict.graceAsk')
        : verification.reason
          ? t(`reason.${verification.reason}`)
          : '';
    return { title, reason };
  };
}

/**
 * The answer, readable at arm's length: a full-width green "Access granted", amber "Let them in"
 * (past due within the offer's grace days: ask them to update their card) or red "Not eligible",
 * each with an icon and the reason in words; then who, what, usage left, reward progress, rewards to
 * hand over and handed over, and the pay-now email for a failed payment.
 */
export function Verdict({
  verification,
  onNext,
  nextRef,
}: {
  verification: Verification;
  onNext: () => void;
  nextRef: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation('verification');
  const formatDate = useFormatDate();
  const words = useVerdictWords()(verification);
  const { usage, reward, subscription } = verification;
  return (
    <section aria-labelledby="verdict-title" className="flex flex-col gap-4" data-testid="verdict">
      <div
        data-testid="verdict-banner"
        data-result={verification.result}
        className={cn('rounded-2xl p-6 text-center shadow-lg', verdictBanner[verification.result])}
      >
        <VerdictIcon result={verification.result} className="mx-auto size-16 sm:size-20" />
        <h2 id="verdict-title" className="mt-2 text-3xl font-bold sm:text-5xl">
          {words.title}
        </h2>
        {words.reason ? <p className="mt-2 text-lg font-semibold sm:text-xl">{words.reason}</p> : null}
        {verification.result === 'grace' && subscription?.grace_until ? (
          <p className="mt-1 text-base font-medium">
            {t('verdict.graceUntil', { date: formatDate(subscription.grace_until) })}
          </p>
        ) : null}
        {verification.reason === 'paused' && subscription?.paused_until ? (
          <p className="mt-1 text-base font-medium">
            {t('verdict.pausedUntil', { date: formatDate(subscription.paused_until) })}
          </p>
        ) : null}
        {verification.repeat ? <p className="mt-2 text-base">{t('verdict.repeat')}</p> : null}
      </div>

      {subscription?.can_pay_now ? <PayNowButton subscriptionId={subscription.id} /> : null}

      {verification.events.length > 0 ? <EventsAtDoor events={verification.events} /> : null}

      {verification.customer && verification.offer ? (
        <dl className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-5 text-base sm:grid-cols-2 dark:border-slate-800 dark:bg-slate-900">
          <div>
            <dt className="text-sm text-slate-500 dark:text-slate-400">{t('verdict.customer')}</dt>
            <dd className="text-xl font-semibold">{verification.customer.name || t('verdict.noName')}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-500 dark:text-slate-400">{t('verdict.offer')}</dt>
            <dd className="text-xl font-semibold">{verification.offer.name}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-sm text-slate-500 dark:text-slate-400">{t('verdict.grants')}</dt>
            <dd>{verification.offer.grants}</dd>
          </div>
          {usage ? (
            <div>
              <dt className="text-sm text-slate-500 dark:text-slate-400">{t('verdict.usage')}</dt>
              <dd className="text-lg font-semibold" data-testid="usage-left">
                {t(`usageLeft.${usage.allowance.per}`, { count: usage.left })}
              </dd>
              <dd className="text-sm text-slate-600 dark:text-slate-300">
                {t('usageOf', { used: usage.used, uses: usage.allowance.uses })}
              </dd>
            </div>
          ) : null}
          {reward ? (
            <div>
              <dt className="text-sm text-slate-500 dark:text-slate-400">{t('verdict.reward')}</dt>
              <dd className="text-lg font-semibold">
                {t('rewardProgress', {
                  progress: reward.progress,
                  target: reward.target,
                  reward: reward.rule.reward_name,
                })}
              </dd>
              {reward.earned_now ? (
                <dd className="font-semibold text-emerald-700 dark:text-emerald-400">
                  {t('rewardEarned', { reward: reward.rule.reward_name })}
                </dd>
              ) : null}
            </div>
          ) : null}
        </dl>
      ) : null}

      {reward && reward.waiting.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label={t('verdict.waiting')}>
          {reward.waiting.map((waiting) => (
            <WaitingReward key={waiting.id} id={waiting.id} name={waiting.reward_name} />
          ))}
        </ul>
      ) : null}

      {reward && reward.redeemed.length > 0 ? (
        <div className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
          <h3 className="text-sm text-slate-500 dark:text-slate-400">{t('verdict.redeemedList')}</h3>
          <ul className="mt-1 flex flex-col gap-1" aria-label={t('verdict.redeemedList')}>
            {reward.redeemed.map((r) => (
              <li key={r.id} className="text-base">
                {t('redeemedOn', { reward: r.reward_name, date: formatDate(r.redeemed_at) })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <Button ref={nextRef} size="lg" className="h-14 w-full text-lg" onClick={onNext}>
        {t('verdict.next')}
      </Button>
    </section>
  );
}

/**
 * Today's events at the door: registered and admitted (attendance recorded), or why not — not
 * registered, or the subscription that gives access lapsed.
 */
function EventsAtDoor({ events }: { events: Verification['events'] }) {
  const { t, i18n } = useTranslation('verification');
  const time = dateTimeFormat(i18n.resolvedLanguage ?? i18n.language, { timeStyle: 'short' });
  return (
    <ul className="flex flex-col gap-2" aria-label={t('event.list')} data-testid="door-events">
      {events.map((event) => (
        <li
          key={event.id}
          data-admitted={event.admitted}
          className={cn(
            'rounded-2xl border p-4',
            event.admitted
              ? 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-50'
              : event.registered
                ? 'border-red-300 bg-red-50 text-red-950 dark:border-red-700 dark:bg-red-950 dark:text-red-50'
                : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
          )}
        >
          <p className="text-sm opacity-80">
            {t('event.today', { title: event.title, time: time.format(new Date(event.starts_at)) })}
          </p>
          <p className="text-lg font-semibold">
            {event.admitted
              ? event.guests > 0
                ? t('event.admittedWithGuest')
                : t('event.admitted')
              : event.reason === 'not_registered'
                ? t('event.notRegistered')
                : t('event.notEligible', { reason: t(`event.reason.${event.reason ?? 'no_access'}`) })}
          </p>
          {event.admitted && event.attended_at ? (
            <p className="text-sm">
              {t('event.attendedAt', { time: time.format(new Date(event.attended_at)) })}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function WaitingReward({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation('verification');
  const errorMessage = useApiErrorMessage();
  const redeem = useRedeemReward();
  const [done, setDone] = useState(false);
  const alreadyRedeemed =
    redeem.error instanceof ApiError && redeem.error.problem.code === 'reward_already_redeemed';
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-amber-700 dark:bg-amber-950">
      <p className="font-semibold text-amber-900 dark:text-amber-100">{t('waiting', { reward: name })}</p>
      {done || alreadyRedeemed ? (
        <p role="status" className="font-medium text-amber-900 dark:text-amber-100">
          {done ? t('redeemed') : t('alreadyRedeemed')}
        </p>
      ) : (
        <Button
          size="lg"
          disabled={redeem.isPending}
          onClick={() => redeem.mutate(id, { onSuccess: () => setDone(true) })}
        >
          {t('redeem')}
        </Button>
      )}
      {redeem.error && !alreadyRedeemed ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(redeem.error)}
        </p>
      ) : null}
    </li>
  );
}

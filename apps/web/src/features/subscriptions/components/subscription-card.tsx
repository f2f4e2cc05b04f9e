import type { CustomerSubscription } from '@nest/contracts';
import { PASS_STEP_SECONDS } from '@nest/contracts';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { useFormatDate } from '@/lib/dates';
import { useFormatMoney } from '@/lib/money';
import { hasPass, phaseOf, type SubscriptionPhase } from '../lib/subscription-state';
import { Cancellation } from './cancellation';
import { InvoiceHistory } from './invoice-history';
import { PauseControl } from './pause-control';
import { PayNow } from './pay-now';
import { SubscriptionPass } from './subscription-pass';

const phaseBadge: Record<SubscriptionPhase, string> = {
  due: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  trialing: 'bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100',
  active: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
  paused: 'bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100',
  cancelling: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  starting: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  ended: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
};

function NestLogo({ url, name }: { url: string | null; name: string }) {
  if (url)
    return (
      <img
        src={url}
        alt=""
        className="size-12 shrink-0 rounded-xl bg-white object-cover ring-1 ring-slate-200 dark:ring-slate-700"
      />
    );
  return (
    <span
      aria-hidden="true"
      className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-lg font-semibold text-brand-900 dark:bg-brand-900 dark:text-brand-100"
    >
      {name.trim().charAt(0).toUpperCase()}
    </span>
  );
}

/** One subscription: the nest and offer, where it stands, the pass, and what can be done with it. */
export function SubscriptionCard({
  subscription,
  holder,
  payFocused,
  extra,
}: {
  subscription: CustomerSubscription;
  holder: string;
  payFocused: boolean;
  /** What another area adds to the card (the events this subscription is registered for). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation(['subscriptions', 'checkout']);
  const money = useFormatMoney();
  const date = useFormatDate();
  const headingId = useId();
  const phase = phaseOf(subscription);
  const price = t(`checkout:price.${subscription.interval}`, {
    price: money(subscription.amount_cents, subscription.currency),
    count: subscription.interval_count,
  });
  const ongoing = hasPass(subscription);

  let schedule: string | null = null;
  if (phase === 'ended') schedule = t('subscriptions:card.ended');
  else if (phase === 'paused' && subscription.pause)
    schedule = t('subscriptions:card.pausedUntil', { date: date(subscription.pause.ends_at) });
  else if (subscription.pause && !subscription.cancel_at_period_end)
    schedule = t('subscriptions:card.pauseScheduled', {
      from: date(subscription.pause.starts_at),
      until: date(subscription.pause.ends_at),
    });
  else if (subscription.cancel_at_period_end && subscription.current_period_end)
    schedule = t('subscriptions:card.endsOn', { date: date(subscription.current_period_end) });
  else if (subscription.next_payment_at)
    schedule = t('subscriptions:card.nextPayment', {
      amount: money(subscription.amount_cents, subscription.currency),
      date: date(subscription.next_payment_at),
    });

  return (
    <article
      aria-labelledby={headingId}
      data-testid="subscription-card"
      data-subscription-id={subscription.id}
      className={cn(
        'flex flex-col gap-5 rounded-2xl border bg-white p-5 shadow-sm sm:p-6 dark:bg-slate-900',
        phase === 'due' ? 'border-amber-400 dark:border-amber-600' : 'border-slate-200 dark:border-slate-800',
      )}
    >
      <header className="flex items-start gap-3">
        <NestLogo url={subscription.nest.logo_url} name={subscription.nest.name} />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-lg font-semibold tracking-tight break-words">
            {subscription.nest.name}
          </h2>
          <p className="text-slate-700 dark:text-slate-300">{subscription.offer.name}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="subscription-price">
            {price}
          </p>
        </div>
        <span
          className={cn('shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold', phaseBadge[phase])}
          data-testid="subscription-status"
        >
          {t(`subscriptions:status.${phase}`)}
        </span>
      </header>

      {phase === 'due' ? <PayNow subscription={subscription} focusOnMount={payFocused} /> : null}

      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        {schedule ? (
          <div className="sm:col-span-2">
            <dt className="sr-only">{t('subscriptions:card.schedule')}</dt>
            <dd className="font-medium" data-testid="subscription-schedule">
              {schedule}
            </dd>
          </div>
        ) : null}
        {subscription.offer.grants ? (
          <div>
            <dt className="text-slate-500 dark:text-slate-400">{t('subscriptions:card.grants')}</dt>
            <dd>{subscription.offer.grants}</dd>
          </div>
        ) : null}
        {subscription.usage ? (
          <div>
            <dt className="text-slate-500 dark:text-slate-400">{t('subscriptions:card.usage')}</dt>
            <dd>
              {t('subscriptions:card.usageLeft', { count: subscription.usage.left })}{' '}
              <span className="text-slate-500 dark:text-slate-400">
                (
                {t(`checkout:usage.${subscription.usage.allowance.per}`, {
                  count: subscription.usage.allowance.uses,
                })}
                )
              </span>
            </dd>
          </div>
        ) : null}
        {subscription.reward ? (
          <div className="sm:col-span-2">
            <dt className="text-slate-500 dark:text-slate-400">{t('subscriptions:card.reward')}</dt>
            <dd className="flex flex-col gap-1.5">
              <span>
                {t('subscriptions:card.rewardProgress', {
                  progress: subscription.reward.progress,
                  target: subscription.reward.target,
                  reward: subscription.reward.rule.reward_name,
                })}
              </span>
              <progress
                className="h-2 w-full overflow-hidden rounded-full accent-brand-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-600 dark:[&::-webkit-progress-bar]:bg-slate-700"
                max={subscription.reward.target}
                value={subscription.reward.progress}
                aria-label={t('subscriptions:card.reward')}
              />
            </dd>
          </div>
        ) : null}
        {subscription.rewards.length > 0 ? <EarnedRewards rewards={subscription.rewards} /> : null}
      </dl>

      {extra}

      {ongoing ? (
        <section aria-label={t('subscriptions:pass.title')} className="flex flex-col gap-2">
          <h3 className="text-center text-base font-semibold">{t('subscriptions:pass.title')}</h3>
          <SubscriptionPass subscriptionId={subscription.id} holder={holder} />
          <p className="text-center text-xs text-slate-600 dark:text-slate-300">
            {t('subscriptions:pass.hint', { seconds: PASS_STEP_SECONDS })}
          </p>
        </section>
      ) : null}

      <footer className="flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-start sm:justify-between dark:border-slate-800">
        <InvoiceHistory subscriptionId={subscription.id} />
        {ongoing ? (
          <div className="flex flex-col gap-2 sm:items-end">
            <PauseControl subscription={subscription} />
            <Cancellation subscription={subscription} />
          </div>
        ) : null}
      </footer>
    </article>
  );
}

/** Rewards earned: the ones waiting to be collected at the counter stand out, then those collected. */
function EarnedRewards({ rewards }: { rewards: CustomerSubscription['rewards'] }) {
  const { t } = useTranslation('subscriptions');
  const formatDate = useFormatDate();
  const waiting = rewards.filter((r) => r.redeemed_at === null);
  const redeemed = rewards.filter((r) => r.redeemed_at !== null);
  return (
    <>
      {waiting.length > 0 ? (
        <div className="sm:col-span-2" data-testid="rewards-waiting">
          <dt className="text-slate-500 dark:text-slate-400">{t('card.rewardsWaiting')}</dt>
          {waiting.map((r) => (
            <dd
              key={r.id}
              className="mt-1 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 font-semibold text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
            >
              <span aria-hidden="true">🎁 </span>
              {t('card.rewardWaiting', { reward: r.reward_name })}
            </dd>
          ))}
        </div>
      ) : null}
      {redeemed.length > 0 ? (
        <div className="sm:col-span-2" data-testid="rewards-redeemed">
          <dt className="text-slate-500 dark:text-slate-400">{t('card.rewardsRedeemed')}</dt>
          {redeemed.map((r) => (
            <dd key={r.id}>
              {t('card.rewardRedeemed', { reward: r.reward_name, date: formatDate(r.redeemed_at!) })}
            </dd>
          ))}
        </div>
      ) : null}
    </>
  );
}

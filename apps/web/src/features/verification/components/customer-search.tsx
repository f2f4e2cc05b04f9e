import {
  COUNTER_SEARCH_MAX_LENGTH,
  COUNTER_SEARCH_MAX_RESULTS,
  COUNTER_SEARCH_MIN_LENGTH,
  type CounterSubscription,
} from '@nest/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Input } from '@/components/ui/field';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { useFormatDate } from '@/lib/dates';
import { useCounterSearch } from '../api/verify';
import { VerdictIcon, verdictBadge } from './verdict-icon';

/**
 * A customer without their phone: the merchant types part of a name or an email, sees this nest's
 * matching customers with each subscription's answer now, and checks one in.
 */
export function CustomerSearch({
  disabled,
  onCheckIn,
}: {
  disabled: boolean;
  onCheckIn: (subscriptionId: string) => void;
}) {
  const { t } = useTranslation('verification');
  const errorMessage = useApiErrorMessage();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const search = useCounterSearch(query);
  const hintId = useId();
  const ready = text.trim().length >= COUNTER_SEARCH_MIN_LENGTH;
  const customers = search.data?.customers ?? [];
  return (
    <section
      aria-labelledby="search-title"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="search-title" className="text-lg font-semibold">
        {t('search.title')}
      </h2>
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) setQuery(text.trim());
        }}
      >
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor="counter-search" className="text-sm font-medium">
            {t('search.label')}
          </label>
          <Input
            id="counter-search"
            name="q"
            type="search"
            value={text}
            autoComplete="off"
            maxLength={COUNTER_SEARCH_MAX_LENGTH}
            aria-describedby={hintId}
            className="h-12 text-lg"
            onChange={(event) => setText(event.target.value)}
          />
          <p id={hintId} className="text-sm text-slate-600 dark:text-slate-300">
            {t('search.hint', { count: COUNTER_SEARCH_MIN_LENGTH })}
          </p>
        </div>
        <Button type="submit" size="lg" className="sm:mb-6" disabled={!ready || search.isFetching}>
          {search.isFetching ? t('search.searching') : t('search.submit')}
        </Button>
      </form>

      {search.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(search.error)}
        </p>
      ) : null}
      {query && search.data ? (
        customers.length === 0 ? (
          <p role="status" className="text-base text-slate-600 dark:text-slate-300">
            {t('search.empty', { query })}
          </p>
        ) : (
          <ul aria-label={t('search.results')} className="flex flex-col gap-3">
            {customers.map((customer) => (
              <li
                key={customer.id}
                className="rounded-xl border border-slate-200 p-3 dark:border-slate-700"
                data-testid="search-customer"
              >
                <p className="text-lg font-semibold">{customer.name || t('verdict.noName')}</p>
                <p className="truncate text-sm text-slate-600 dark:text-slate-300">{customer.email}</p>
                <ul className="mt-2 flex flex-col gap-2">
                  {customer.subscriptions.map((subscription) => (
                    <SubscriptionRow
                      key={subscription.id}
                      subscription={subscription}
                      disabled={disabled}
                      onCheckIn={() => onCheckIn(subscription.id)}
                    />
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {customers.length === COUNTER_SEARCH_MAX_RESULTS ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t('search.more', { count: COUNTER_SEARCH_MAX_RESULTS })}
        </p>
      ) : null}
    </section>
  );
}

function SubscriptionRow({
  subscription,
  disabled,
  onCheckIn,
}: {
  subscription: CounterSubscription;
  disabled: boolean;
  onCheckIn: () => void;
}) {
  const { t } = useTranslation('verification');
  const formatDate = useFormatDate();
  const details = [
    subscription.result === 'grace'
      ? t('verdict.graceAsk')
      : subscription.reason === 'paused' && subscription.paused_until
        ? t('verdict.pausedUntil', { date: formatDate(subscription.paused_until) })
        : subscription.reason
          ? t(`reason.${subscription.reason}`)
          : null,
    subscription.usage_left !== null ? t('search.usageLeft', { count: subscription.usage_left }) : null,
    subscription.waiting_rewards > 0 ? t('search.waiting', { count: subscription.waiting_rewards }) : null,
  ].filter(Boolean);
  return (
    <li className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3 sm:flex-row sm:items-center dark:bg-slate-800/60">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{subscription.offer_name}</span>
          <span
            className={cn(
              'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
              verdictBadge[subscription.result],
            )}
          >
            <VerdictIcon result={subscription.result} className="size-3.5" />
            {t(`badge.${subscription.result}`)}
          </span>
        </p>
        {details.length > 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{details.join(' · ')}</p>
        ) : null}
      </div>
      <Button
        variant="secondary"
        className="shrink-0"
        disabled={disabled}
        onClick={onCheckIn}
        aria-label={`${t('search.checkIn')} — ${subscription.offer_name}`}
      >
        {t('search.checkIn')}
      </Button>
    </li>
  );
}

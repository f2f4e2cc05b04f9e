import type { Verification } from '@nest/contracts';
import { type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-error';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { useRedeemReward } from '../api/verify';

/**
 * The answer, readable at arm's length: a full-width green "Access granted" or red "Not eligible"
 * with the reason in words, then who, what, usage left, reward progress and rewards to hand over.
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
  const granted = verification.result === 'eligible';
  const { usage, reward } = verification;
  return (
    <section aria-labelledby="verdict-title" className="flex flex-col gap-4" data-testid="verdict">
      <div
        role="status"
        className={
          granted
            ? 'rounded-2xl bg-emerald-700 p-6 text-center text-white shadow-lg dark:bg-emerald-600'
            : 'rounded-2xl bg-red-700 p-6 text-center text-white shadow-lg dark:bg-red-600'
        }
      >
        <p aria-hidden="true" className="text-5xl leading-none font-bold">
          {granted ? '✓' : '✕'}
        </p>
        <h2 id="verdict-title" className="mt-2 text-3xl font-bold sm:text-4xl">
          {granted ? t('verdict.granted') : t('verdict.refused')}
        </h2>
        {verification.reason ? (
          <p className="mt-2 text-lg font-medium">{t(`reason.${verification.reason}`)}</p>
        ) : null}
        {verification.repeat ? <p className="mt-2 text-base">{t('verdict.repeat')}</p> : null}
      </div>

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

      <Button ref={nextRef} size="lg" className="h-14 w-full text-lg" onClick={onNext}>
        {t('verdict.next')}
      </Button>
    </section>
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

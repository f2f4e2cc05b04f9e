import type { PublicLink } from '@nest/contracts';
import { useLinkWords } from '../lib/link-words';
import { priceLabel, rewardLabel, usageLabel } from '../lib/offer-terms';
import { NestCover } from './nest-cover';

/**
 * The nest and its offer as a visitor sees them: the nest's cover (logo, name, description), then the
 * offer's name, price per interval, trial, description, and what it gives.
 */
export function OfferSummary({ link }: { link: PublicLink }) {
  const { t, locale } = useLinkWords();
  const { nest, offer } = link;
  const reward = rewardLabel(t, offer.reward_rule);
  const usage = usageLabel(t, offer.usage_allowance);
  return (
    <article className="overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <NestCover nest={nest} />
      <div className="flex flex-col gap-5 px-5 py-6 sm:px-7">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{offer.name}</h1>
          <p
            className="mt-2 text-xl font-semibold text-slate-900 dark:text-slate-50"
            data-testid="offer-price"
          >
            {priceLabel(t, offer, locale)}
          </p>
          {offer.trial_days > 0 ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              {t('offer.trial', { count: offer.trial_days })}
            </p>
          ) : null}
        </div>
        {offer.description ? <p className="text-slate-700 dark:text-slate-200">{offer.description}</p> : null}
        <dl className="flex flex-col gap-3 rounded-2xl bg-slate-50 p-4 text-sm dark:bg-slate-800/60">
          <div>
            <dt className="font-medium text-slate-900 dark:text-slate-100">{t('offer.grants')}</dt>
            <dd className="mt-0.5 text-slate-700 dark:text-slate-300">{offer.grants}</dd>
          </div>
          {usage ? (
            <div>
              <dt className="font-medium text-slate-900 dark:text-slate-100">{t('offer.usage')}</dt>
              <dd className="mt-0.5 text-slate-700 dark:text-slate-300">{usage}</dd>
            </div>
          ) : null}
          {reward ? (
            <div>
              <dt className="font-medium text-slate-900 dark:text-slate-100">{t('offer.reward')}</dt>
              <dd className="mt-0.5 text-slate-700 dark:text-slate-300">{reward}</dd>
            </div>
          ) : null}
        </dl>
      </div>
    </article>
  );
}

import type { PublicLink } from '@nest/contracts';
import { useLinkWords } from '../lib/link-words';
import { priceLabel, rewardLabel, usageLabel } from '../lib/offer-terms';

/** The nest and its offer as a visitor sees them: name, logo, description, price per interval, trial, grants, reward. */
export function OfferSummary({ link }: { link: PublicLink }) {
  const { t, locale } = useLinkWords();
  const { nest, offer } = link;
  const reward = rewardLabel(t, offer.reward_rule);
  const usage = usageLabel(t, offer.usage_allowance);
  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-3">
        {nest.logo_url ? (
          <img
            src={nest.logo_url}
            alt={t('offer.logoAlt', { nest: nest.name })}
            width={56}
            height={56}
            className="size-14 rounded-xl border border-slate-200 object-cover dark:border-slate-700"
          />
        ) : null}
        <p className="text-sm font-medium text-slate-600 dark:text-slate-300">
          {t('offer.by', { nest: nest.name })}
        </p>
      </div>
      {nest.description ? (
        <p className="-mt-2 text-sm text-slate-600 dark:text-slate-300" data-testid="nest-description">
          {nest.description}
        </p>
      ) : null}
      <div>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{offer.name}</h1>
        <p
          className="mt-2 text-xl font-semibold text-brand-700 dark:text-brand-300"
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
  );
}

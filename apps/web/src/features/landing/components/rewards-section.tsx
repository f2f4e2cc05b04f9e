import { PASS_STEP_SECONDS } from '@nest/contracts';
import { useTranslation } from 'react-i18next';

const points = ['pass', 'answer', 'rewards'] as const;

/** Rewards and access control: the pass scanned at the counter. */
export function RewardsSection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="rewards-title" className="bg-brand-900 text-white dark:bg-brand-950">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2">
        <div>
          <h2 id="rewards-title" className="text-3xl font-semibold tracking-tight sm:text-4xl">
            {t('rewards.title')}
          </h2>
          <p className="mt-4 text-lg text-brand-100">{t('rewards.body')}</p>
        </div>
        <ul className="flex flex-col gap-4">
          {points.map((point) => (
            <li key={point} className="rounded-2xl bg-white/10 p-5 text-brand-50">
              {t(`rewards.points.${point}`, { seconds: PASS_STEP_SECONDS })}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

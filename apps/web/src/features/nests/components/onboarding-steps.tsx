import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

const steps = ['nest', 'payouts'] as const;
export type OnboardingStep = (typeof steps)[number];

/** Where the merchant is in onboarding: their nest first, then payouts. */
export function OnboardingSteps({ current }: { current: OnboardingStep }) {
  const { t } = useTranslation('nests');
  const currentIndex = steps.indexOf(current);
  return (
    <ol aria-label={t('steps.label')} className="mb-6 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
      {steps.map((step, index) => {
        const done = index < currentIndex;
        const active = index === currentIndex;
        return (
          <li key={step} aria-current={active ? 'step' : undefined} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className={cn(
                'flex size-7 items-center justify-center rounded-full border text-xs font-semibold',
                active &&
                  'border-brand-700 bg-brand-700 text-white dark:border-brand-400 dark:bg-brand-400 dark:text-slate-950',
                done && 'border-brand-700 text-brand-700 dark:border-brand-400 dark:text-brand-300',
                !active &&
                  !done &&
                  'border-slate-300 text-slate-500 dark:border-slate-700 dark:text-slate-400',
              )}
            >
              {done ? '✓' : index + 1}
            </span>
            <span
              className={cn(
                active
                  ? 'font-medium text-slate-900 dark:text-slate-100'
                  : 'text-slate-500 dark:text-slate-400',
              )}
            >
              {t(`steps.${step}`)}
              {done ? <span className="sr-only"> {t('steps.done')}</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

import type { SubscriptionStatus } from '@nest/contracts';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

const tone: Record<SubscriptionStatus | 'ending', string> = {
  active: 'bg-brand-100 text-brand-800 dark:bg-brand-950 dark:text-brand-200',
  trialing: 'bg-brand-100 text-brand-800 dark:bg-brand-950 dark:text-brand-200',
  ending: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  past_due: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  unpaid: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  incomplete: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  canceled: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
};

/** The plan's status in words; a plan cancelled at period end reads "ending" while it still runs. */
export function PlanStatusBadge({ status, ending }: { status: SubscriptionStatus; ending: boolean }) {
  const { t } = useTranslation('plans');
  const key = ending && (status === 'active' || status === 'trialing') ? 'ending' : status;
  return (
    <span data-plan-status={key} className={cn('rounded-full px-2.5 py-0.5 text-xs font-medium', tone[key])}>
      {t(`planStatus.${key}`)}
    </span>
  );
}

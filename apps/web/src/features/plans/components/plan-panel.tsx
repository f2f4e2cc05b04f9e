import type { PlanId, PlanState } from '@nest/contracts';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { useFormatDate } from '@/lib/dates';
import { useFormatMoney } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useChangePlan } from '../api/change-plan';
import { usePlanState } from '../api/get-plan-state';
import { usePlans } from '../api/get-plans';
import { useSetPlanCancellation } from '../api/set-plan-cancellation';
import { CancelPlanDialog, ChangePlanDialog } from './lazy-plan-dialogs';
import { PlanStatusBadge } from './plan-status-badge';

interface PlanPanelProps {
  merchantId: string;
  timeZone: string;
  /** The plan changed: whatever else shows it (the signed-in merchant, the invoices) reads it again. */
  onChanged: () => void;
}

type RunningPlan = PlanState & { plan: PlanId; status: NonNullable<PlanState['status']> };

const isRunning = (state: PlanState | undefined): state is RunningPlan =>
  Boolean(state?.plan && state.status && state.status !== 'incomplete' && state.status !== 'canceled');

/**
 * The merchant's plan on the account page: what it is, what it costs, when it renews or ends, and
 * the ways to change it (upgrade now, downgrade at period end, cancel at period end, resume).
 */
export function PlanPanel({ merchantId, timeZone, onChanged }: PlanPanelProps) {
  const { t } = useTranslation('plans');
  const money = useFormatMoney();
  const formatDate = useFormatDate();
  const describe = useApiErrorMessage();
  const planQuery = usePlanState(merchantId);
  const offers = usePlans().data;
  const [dialog, setDialog] = useState<'change' | 'cancel' | null>(null);
  const resume = useSetPlanCancellation({ onChanged });
  const keepCurrent = useChangePlan({ onChanged });
  const state = planQuery.data;

  const body = () => {
    if (planQuery.isPending)
      return <p className="text-slate-600 dark:text-slate-300">{t('manage.loading')}</p>;
    if (planQuery.isError) {
      return (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <p>{describe(planQuery.error)}</p>
          <Button variant="secondary" size="sm" onClick={() => void planQuery.refetch()}>
            {t('retry')}
          </Button>
        </div>
      );
    }
    if (!isRunning(state)) {
      return (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p>{t('manage.noPlan')}</p>
          <Link to={paths.admin.pricing.getHref()} className={buttonClasses()}>
            {t('manage.choosePlan')}
          </Link>
        </div>
      );
    }
    const name = t(`names.${state.plan}`);
    const nextDate = state.next_payment_at ? formatDate(state.next_payment_at, { timeZone }) : null;
    const overdue = state.status === 'past_due' || state.status === 'unpaid';
    const onResume = () =>
      resume.mutate(
        { merchantId, cancel: false },
        {
          onSuccess: () => toast.success(t('manage.resumed', { date: nextDate ?? '' })),
          onError: (error) => toast.error(t('manage.resumeFailed'), { description: describe(error) }),
        },
      );
    const onKeepCurrent = () =>
      keepCurrent.mutate(
        { merchantId, plan: state.plan },
        {
          onSuccess: () => toast.success(t('manage.downgradeWithdrawn', { plan: name })),
          onError: (error) => toast.error(t('manage.changeFailed'), { description: describe(error) }),
        },
      );
    return (
      <>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-sm text-slate-500 dark:text-slate-400">{t('manage.currentPlan')}</dt>
            <dd
              className="mt-1 flex flex-wrap items-center gap-2 text-lg font-semibold"
              data-current-plan={state.plan}
            >
              {name}
              <PlanStatusBadge status={state.status} ending={state.cancel_at_period_end} />
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-500 dark:text-slate-400">{t('manage.price')}</dt>
            <dd className="mt-1 font-medium">
              {state.price_cents
                ? t('pricePerMonth', { amount: money(state.price_cents, state.currency) })
                : '—'}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-500 dark:text-slate-400">
              {state.cancel_at_period_end
                ? t('manage.endsOn')
                : overdue
                  ? t('manage.dueSince')
                  : t('manage.nextPayment')}
            </dt>
            <dd className="mt-1 font-medium" data-next-payment>
              {nextDate ?? '—'}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-500 dark:text-slate-400">{t('manage.limits')}</dt>
            <dd className="mt-1 text-sm">
              {state.support ? t(`support.${state.support}`) : null}
              <br />
              {state.revenue_limit_cents === null
                ? t('noRevenueLimit')
                : t('revenueLimit', { amount: money(state.revenue_limit_cents, state.currency) })}
            </dd>
          </div>
        </dl>

        {overdue ? (
          <Notice tone="danger">
            <p>{t('manage.overdue')}</p>
            <Link
              to={paths.admin.onboarding.paymentRecover.getHref()}
              className={buttonClasses({ size: 'sm' })}
            >
              {t('manage.payNow')}
            </Link>
          </Notice>
        ) : null}
        {state.cancel_at_period_end ? (
          <Notice tone="warning">
            <p>{t('manage.cancelScheduled', { plan: name, date: nextDate ?? '' })}</p>
            <Button size="sm" onClick={onResume} disabled={resume.isPending} aria-busy={resume.isPending}>
              {t('manage.resume')}
            </Button>
          </Notice>
        ) : null}
        {state.pending_plan && !state.cancel_at_period_end ? (
          <Notice tone="info">
            <p>
              {t('manage.pendingDowngrade', {
                plan: t(`names.${state.pending_plan}`),
                date: nextDate ?? '',
              })}
            </p>
            <Button
              size="sm"
              variant="secondary"
              onClick={onKeepCurrent}
              disabled={keepCurrent.isPending}
              aria-busy={keepCurrent.isPending}
            >
              {t('manage.keepCurrent', { plan: name })}
            </Button>
          </Notice>
        ) : null}

        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-end">
          {!state.cancel_at_period_end ? (
            <Button variant="secondary" onClick={() => setDialog('cancel')} disabled={overdue}>
              {t('manage.cancel')}
            </Button>
          ) : null}
          <Button onClick={() => setDialog('change')} disabled={overdue}>
            {t('manage.change')}
          </Button>
        </div>

        <Suspense fallback={null}>
          {dialog === 'change' ? (
            <ChangePlanDialog
              merchantId={merchantId}
              plan={state}
              offers={offers}
              timeZone={timeZone}
              open
              onOpenChange={(open) => setDialog(open ? 'change' : null)}
              onChanged={onChanged}
            />
          ) : null}
          {dialog === 'cancel' ? (
            <CancelPlanDialog
              merchantId={merchantId}
              planName={name}
              endDate={nextDate ?? ''}
              open
              onOpenChange={(open) => setDialog(open ? 'cancel' : null)}
              onChanged={onChanged}
            />
          ) : null}
        </Suspense>
      </>
    );
  };

  return (
    <Card id="plan" title={t('manage.title')}>
      {body()}
    </Card>
  );
}

const noticeTone = {
  danger: 'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100',
  warning:
    'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100',
  info: 'border-slate-200 bg-slate-50 text-slate-800 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100',
} as const;

function Notice({ tone, children }: { tone: keyof typeof noticeTone; children: ReactNode }) {
  return (
    <div
      className={`mt-5 flex flex-col gap-3 rounded-xl border p-4 text-sm sm:flex-row sm:items-center sm:justify-between ${noticeTone[tone]}`}
    >
      {children}
    </div>
  );
}

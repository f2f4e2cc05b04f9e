import { type PlanId, type PlanOffer, type PlanState, planIds, planRank } from '@nest/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { useFormatDate } from '@/lib/dates';
import { useFormatMoney } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useChangePlan } from '../api/change-plan';

interface ChangePlanDialogProps {
  merchantId: string;
  plan: PlanState & { plan: PlanId };
  offers: readonly PlanOffer[] | undefined;
  timeZone: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChanged: () => void;
}

/**
 * Choosing another plan, with what it means before confirming: an upgrade starts now and the rest of
 * the period is charged at once; a downgrade starts at the next renewal, so nothing paid is lost.
 */
export function ChangePlanDialog({
  merchantId,
  plan,
  offers,
  timeZone,
  open,
  onOpenChange,
  onChanged,
}: ChangePlanDialogProps) {
  const { t } = useTranslation('plans');
  const money = useFormatMoney();
  const formatDate = useFormatDate();
  const describe = useApiErrorMessage();
  const others = planIds.filter((id) => id !== plan.plan);
  const [choice, setChoice] = useState<PlanId>(
    others.find((id) => planRank[id] > planRank[plan.plan]) ?? others[0]!,
  );
  const change = useChangePlan({ onChanged });
  const upgrade = planRank[choice] > planRank[plan.plan];
  const renewal = plan.next_payment_at ? formatDate(plan.next_payment_at, { timeZone }) : '';
  const priceOf = (id: PlanId) => {
    const offer = offers?.find((o) => o.id === id);
    return offer ? t('pricePerMonth', { amount: money(offer.price_cents, offer.currency) }) : '';
  };

  const confirm = () =>
    change.mutate(
      { merchantId, plan: choice },
      {
        onSuccess: (result) => {
          onOpenChange(false);
          const name = t(`names.${choice}`);
          if (result.effective === 'now') toast.success(t('manage.upgraded', { plan: name }));
          else toast.success(t('manage.downgradeScheduled', { plan: name, date: renewal }));
        },
        onError: (error) => toast.error(t('manage.changeFailed'), { description: describe(error) }),
      },
    );

  return (
    <Dialog open={open} onOpenChange={(next) => !change.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle>{t('manage.changeTitle')}</DialogTitle>
        <DialogDescription>{t('manage.changeIntro', { plan: t(`names.${plan.plan}`) })}</DialogDescription>
        <fieldset className="mt-5">
          <legend className="sr-only">{t('manage.changeTitle')}</legend>
          <div className="flex flex-col gap-3">
            {others.map((id) => (
              <label
                key={id}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-xl border p-4',
                  choice === id
                    ? 'border-brand-600 ring-1 ring-brand-600 dark:border-brand-400 dark:ring-brand-400'
                    : 'border-slate-200 dark:border-slate-700',
                )}
              >
                <input
                  type="radio"
                  name="plan"
                  value={id}
                  checked={choice === id}
                  onChange={() => setChoice(id)}
                  className="mt-1 size-4 accent-brand-700"
                />
                <span className="flex flex-col">
                  <span className="font-medium">
                    {t(`names.${id}`)}{' '}
                    <span className="font-normal text-slate-500 dark:text-slate-400">· {priceOf(id)}</span>
                  </span>
                  <span className="text-sm text-slate-600 dark:text-slate-300">
                    {planRank[id] > planRank[plan.plan]
                      ? t('manage.upgradeEffect')
                      : t('manage.downgradeEffect', { date: renewal })}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={change.isPending}>
              {t('manage.keepCurrent', { plan: t(`names.${plan.plan}`) })}
            </Button>
          </DialogClose>
          <Button onClick={confirm} disabled={change.isPending} aria-busy={change.isPending}>
            {upgrade
              ? t('manage.confirmUpgrade', { plan: t(`names.${choice}`) })
              : t('manage.confirmDowngrade', { plan: t(`names.${choice}`), date: renewal })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

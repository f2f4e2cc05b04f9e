import { type PlanId, planIds, planRank } from '@nest/contracts';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Button, buttonClasses } from '@/components/ui/button';
import { usePlanState } from '../api/get-plan-state';
import { usePlans } from '../api/get-plans';
import { ChangePlanDialog } from './lazy-plan-dialogs';

interface UpgradePlanButtonProps {
  merchantId: string;
  timeZone: string;
  onChanged: () => void;
  label: string;
}

/**
 * One click to the plan change with the next plan up already chosen (the dialog says what it costs
 * and when it starts; one more click confirms). Without a running plan to change (none yet, or
 * unpaid), the account page's plan section is the way instead. Nothing above Enterprise.
 */
export function UpgradePlanButton({ merchantId, timeZone, onChanged, label }: UpgradePlanButtonProps) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation('plans');
  const state = usePlanState(merchantId).data;
  const offers = usePlans().data;
  const plan = state?.plan ?? null;
  const next = plan ? planIds.find((id) => planRank[id] === planRank[plan] + 1) : undefined;
  const changeable = state && plan && (state.status === 'active' || state.status === 'trialing') && next;
  if (state && plan && !next) return null;
  if (!changeable) {
    return (
      <Link to={`${paths.admin.app.account.getHref()}#plan`} className={buttonClasses({}, 'shrink-0')}>
        {label}
      </Link>
    );
  }
  return (
    <>
      <Button className="shrink-0" onClick={() => setOpen(true)} data-upgrade-to={next}>
        {label}
        <span className="sr-only"> ({t(`names.${next}`)})</span>
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ChangePlanDialog
            merchantId={merchantId}
            plan={state as typeof state & { plan: PlanId }}
            offers={offers}
            timeZone={timeZone}
            open={open}
            onOpenChange={setOpen}
            onChanged={onChanged}
          />
        </Suspense>
      ) : null}
    </>
  );
}

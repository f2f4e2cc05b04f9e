import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { toast } from '@/lib/toast';
import { useSetPlanCancellation } from '../api/set-plan-cancellation';

interface CancelPlanDialogProps {
  merchantId: string;
  planName: string;
  /** The end of the paid period, already written as a date. */
  endDate: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChanged: () => void;
}

/** Cancelling at the end of the period, after saying what that means (nothing is lost before then). */
export function CancelPlanDialog({
  merchantId,
  planName,
  endDate,
  open,
  onOpenChange,
  onChanged,
}: CancelPlanDialogProps) {
  const { t } = useTranslation('plans');
  const describe = useApiErrorMessage();
  const cancellation = useSetPlanCancellation({ onChanged });

  const confirm = () =>
    cancellation.mutate(
      { merchantId, cancel: true },
      {
        onSuccess: () => {
          onOpenChange(false);
          toast.success(t('manage.cancelled', { date: endDate }));
        },
        onError: (error) => toast.error(t('manage.cancelFailed'), { description: describe(error) }),
      },
    );

  return (
    <Dialog open={open} onOpenChange={(next) => !cancellation.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle>{t('manage.cancelTitle', { plan: planName })}</DialogTitle>
        <DialogDescription>{t('manage.cancelEffect', { date: endDate })}</DialogDescription>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={cancellation.isPending}>
              {t('manage.keepPlan')}
            </Button>
          </DialogClose>
          <Button onClick={confirm} disabled={cancellation.isPending} aria-busy={cancellation.isPending}>
            {t('manage.confirmCancel', { date: endDate })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { toast } from '@/lib/toast';
import { useSendSignInLink } from '../api/send-sign-in-link';

/** "Send the pass again": the customer gets a new sign-in email, after the merchant confirms. */
export function SendSignInLinkButton({ customerId, email }: { customerId: string; email: string }) {
  const { t } = useTranslation('merchant-customers');
  const describe = useApiErrorMessage();
  const [open, setOpen] = useState(false);
  const sending = useSendSignInLink();
  const confirm = () =>
    sending.mutate(customerId, {
      onSuccess: () => {
        setOpen(false);
        toast.success(t('signInLink.sent', { email }));
      },
      onError: (error) => toast.error(t('signInLink.failed'), { description: describe(error) }),
    });
  return (
    <Dialog open={open} onOpenChange={(next) => !sending.isPending && setOpen(next)}>
      {/* Radix's trigger: it says what it opens, and gets the focus back when the dialog closes. */}
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          {t('signInLink.action')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{t('signInLink.title')}</DialogTitle>
        <DialogDescription>{t('signInLink.effect', { email })}</DialogDescription>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={sending.isPending}>
              {t('signInLink.keep')}
            </Button>
          </DialogClose>
          <Button onClick={confirm} disabled={sending.isPending} aria-busy={sending.isPending}>
            {t('signInLink.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

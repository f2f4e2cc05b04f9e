import { useRef, useState } from 'react';
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
import { useSendSignInLink } from '../api/send-sign-in-link';

/** "Send the pass again": the customer gets a new sign-in email, after the merchant confirms. */
export function SendSignInLinkButton({ customerId, email }: { customerId: string; email: string }) {
  const { t } = useTranslation('merchant-customers');
  const describe = useApiErrorMessage();
  const [open, setOpen] = useState(false);
  // No Radix trigger: once the dialog closes (sent, or not now), the focus goes back to this button.
  const button = useRef<HTMLButtonElement>(null);
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
    <>
      <Button
        ref={button}
        variant="secondary"
        size="sm"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {t('signInLink.action')}
      </Button>
      <Dialog open={open} onOpenChange={(next) => !sending.isPending && setOpen(next)}>
        <DialogContent
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            button.current?.focus();
          }}
        >
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
    </>
  );
}

import type { NestCustomer } from '@nest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';
import { forgetCustomer } from '@/features/customers/customer-session';
import { isApiError } from '@/lib/api-error';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { toast } from '@/lib/toast';
import { eraseCustomer, requestCustomerExport } from '../api/privacy';
import { DataExportButton } from './data-export-button';

/**
 * The customer's data (ADR 171): a copy by email, and the account's erasure once no subscription
 * renews (the customer cancels first, from the cards above).
 */
export function CustomerPrivacy({ customer }: { customer: NestCustomer }) {
  const { t } = useTranslation('customers');
  const describe = useApiErrorMessage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const erase = useMutation({ mutationFn: eraseCustomer });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(undefined);
    if (email.trim().toLowerCase() !== customer.email.toLowerCase()) {
      setError(t('privacy.delete.emailMismatch'));
      event.currentTarget.querySelector<HTMLElement>('[name="email"]')?.focus();
      return;
    }
    erase.mutate(
      { email: email.trim() },
      {
        onSuccess: () => {
          forgetCustomer(queryClient);
          toast.success(t('privacy.delete.done'));
          void navigate(paths.home.getHref(), { replace: true });
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.problem.code === 'active_subscribers') {
            setFormError(t('privacy.delete.cancelFirst'));
          } else setFormError(describe(failure));
        },
      },
    );
  };

  return (
    <Card id="your-data" title={t('privacy.title')} description={t('privacy.intro')}>
      <div className="flex flex-col gap-8">
        <section aria-labelledby="privacy-export" className="flex flex-col gap-2">
          <h3 id="privacy-export" className="font-medium">
            {t('privacy.export.title')}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('privacy.export.intro')}</p>
          <DataExportButton
            request={requestCustomerExport}
            labels={{
              action: t('privacy.export.action'),
              pending: t('privacy.export.pending'),
              sent: (to, days) => t('privacy.export.sent', { email: to, days }),
            }}
          />
        </section>
        <section aria-labelledby="privacy-delete" className="flex flex-col gap-3">
          <h3 id="privacy-delete" className="font-medium text-red-800 dark:text-red-300">
            {t('privacy.delete.title')}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('privacy.delete.intro')}</p>
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            <Field
              label={t('privacy.delete.email', { email: customer.email })}
              error={error}
              className="max-w-sm"
            >
              {(control) => (
                <Input
                  {...control}
                  name="email"
                  type="email"
                  autoComplete="off"
                  value={email}
                  onChange={(event) => {
                    setEmail(event.target.value);
                    setError(undefined);
                  }}
                />
              )}
            </Field>
            {formError ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                {formError}
              </p>
            ) : null}
            <div>
              <Button
                type="submit"
                disabled={erase.isPending}
                className="bg-red-700 text-white hover:bg-red-800 dark:bg-red-500 dark:text-slate-950 dark:hover:bg-red-400"
              >
                {erase.isPending ? t('privacy.delete.pending') : t('privacy.delete.action')}
              </Button>
            </div>
          </form>
        </section>
      </div>
    </Card>
  );
}

import type { NestCustomer } from '@nest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { Field, Input } from '@/components/ui/field';
import { forgetCustomer } from '@/features/customers/customer-session';
import { isApiError } from '@/lib/api-error';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { toast } from '@/lib/toast';
import { eraseCustomer, requestCustomerExport } from '../api/privacy';
import { PrivacyCard } from './privacy-card';

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
    <PrivacyCard
      ns="customers"
      requestExport={requestCustomerExport}
      onDelete={onSubmit}
      deleting={erase.isPending}
      formError={formError}
    >
      <Field label={t('privacy.delete.email', { email: customer.email })} error={error} className="max-w-sm">
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
    </PrivacyCard>
  );
}

import type { Merchant } from '@nest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { Field, Input } from '@/components/ui/field';
import { forgetMerchant } from '@/features/auth/merchant-session';
import { reset } from '@/lib/analytics/analytics';
import { isApiError } from '@/lib/api-error';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { toast } from '@/lib/toast';
import { eraseMerchant, requestMerchantExport } from '../api/privacy';
import { PrivacyCard } from './privacy-card';

/**
 * The merchant's data (ADR 171): a copy of everything, by email, and the account's erasure. With
 * customers still subscribed, the erasure is refused until the merchant chooses to cancel them all.
 */
export function MerchantPrivacy({ merchant }: { merchant: Merchant }) {
  const { t } = useTranslation('merchants');
  const describe = useApiErrorMessage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [subscribers, setSubscribers] = useState<string | undefined>();
  const [cancelAll, setCancelAll] = useState(false);
  const [formError, setFormError] = useState<string | undefined>();
  const erase = useMutation({ mutationFn: eraseMerchant });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(undefined);
    if (!password) {
      setPasswordError(t('privacy.delete.passwordRequired'));
      event.currentTarget.querySelector<HTMLElement>('[name="password"]')?.focus();
      return;
    }
    erase.mutate(
      { password, cancel_subscriptions: cancelAll },
      {
        onSuccess: () => {
          forgetMerchant(queryClient);
          reset();
          toast.success(t('privacy.delete.done'));
          void navigate(paths.home.getHref(), { replace: true });
        },
        onError: (error) => {
          if (isApiError(error) && error.problem.code === 'active_subscribers') {
            setSubscribers(error.problem.detail);
          } else if (isApiError(error) && error.problem.code === 'wrong_current_password') {
            setPasswordError(error.problem.detail ?? describe(error));
          } else setFormError(describe(error));
        },
      },
    );
  };

  return (
    <PrivacyCard
      ns="merchants"
      requestExport={requestMerchantExport}
      onDelete={onSubmit}
      deleting={erase.isPending}
      formError={formError}
    >
      <input type="hidden" name="username" autoComplete="username" value={merchant.email} readOnly />
      <Field label={t('privacy.delete.password')} error={passwordError} className="max-w-sm">
        {(control) => (
          <Input
            {...control}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setPasswordError(undefined);
            }}
          />
        )}
      </Field>
      {subscribers ? (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <p>{subscribers}</p>
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              name="cancel_subscriptions"
              className="mt-0.5 size-4 accent-red-700"
              checked={cancelAll}
              onChange={(event) => setCancelAll(event.target.checked)}
            />
            {t('privacy.delete.cancelAll')}
          </label>
        </div>
      ) : null}
    </PrivacyCard>
  );
}

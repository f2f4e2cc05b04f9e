import { type Merchant, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@nest/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { formFailure } from '@/lib/form-failure';
import { toast } from '@/lib/toast';
import { useUpdateMerchant } from '../api/update-merchant';

const fieldNames = ['current_password', 'password'] as const;
type FieldName = (typeof fieldNames)[number];

/** Length as people count it (and as the API does): characters, not UTF-16 units. */
const characterCount = (value: string) => [...value].length;

interface PasswordFormProps {
  merchant: Merchant;
  /** The strength hint under the new password, given what the merchant typed. */
  renderStrength?: (password: string, userInputs: readonly string[]) => ReactNode;
}

/**
 * A new password, with the current one as proof. The API has the final word on strength (422 with
 * the reason) and signs out every other session of the merchant; this one stays signed in.
 */
export function PasswordForm({ merchant, renderStrength }: PasswordFormProps) {
  const { t } = useTranslation('merchants');
  const describe = useApiErrorMessage();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [visible, setVisible] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const save = useUpdateMerchant();

  const check = (): Partial<Record<FieldName, string>> => {
    const found: Partial<Record<FieldName, string>> = {};
    if (!current) found.current_password = t('validation.currentPasswordRequired');
    const length = characterCount(next);
    if (!next) found.password = t('validation.newPasswordRequired');
    else if (length < PASSWORD_MIN_LENGTH)
      found.password = t('validation.passwordTooShort', { minimum: PASSWORD_MIN_LENGTH });
    else if (length > PASSWORD_MAX_LENGTH)
      found.password = t('validation.passwordTooLong', { maximum: PASSWORD_MAX_LENGTH });
    return found;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(undefined);
    const found = check();
    setErrors(found);
    const firstInvalid = fieldNames.find((name) => found[name]);
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    save.mutate(
      { merchantId: merchant.id, changes: { current_password: current, password: next } },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setVisible(false);
          toast.success(t('password.saved'));
        },
        onError: (error) => {
          const failure = formFailure(error, fieldNames, describe, {
            wrong_current_password: 'current_password',
            weak_password: 'password',
          });
          setErrors(failure.fields);
          setFormError(failure.form);
        },
      },
    );
  };

  const type = visible ? 'text' : 'password';
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {/* Lets password managers file the new password under the right account. */}
      <input type="hidden" name="username" autoComplete="username" value={merchant.email} readOnly />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('password.current')} error={errors.current_password}>
          {(control) => (
            <Input
              {...control}
              name="current_password"
              type={type}
              autoComplete="current-password"
              value={current}
              onChange={(event) => {
                setCurrent(event.target.value);
                setErrors((found) => ({ ...found, current_password: undefined }));
              }}
            />
          )}
        </Field>
        <Field
          label={t('password.new')}
          error={errors.password}
          hint={t('password.hint', { minimum: PASSWORD_MIN_LENGTH })}
        >
          {(control) => (
            <>
              <Input
                {...control}
                name="password"
                type={type}
                autoComplete="new-password"
                value={next}
                onChange={(event) => {
                  setNext(event.target.value);
                  setErrors((found) => ({ ...found, password: undefined }));
                }}
              />
              {renderStrength?.(next, [merchant.email, merchant.name])}
            </>
          )}
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
        <input
          type="checkbox"
          className="size-4 rounded border-slate-300 accent-brand-700"
          checked={visible}
          onChange={(event) => setVisible(event.target.checked)}
        />
        {t('password.show')}
      </label>
      {formError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {formError}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('password.saving') : t('password.save')}
        </Button>
      </div>
    </form>
  );
}

import { PASSWORD_MIN_LENGTH } from '@nest/contracts';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { isApiError } from '@/lib/api-error';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { useResetPassword } from '../api/reset-password';
import { describeFailure } from '../describe-failure';
import { useFormFields } from '../hooks/use-form-fields';
import { checkNewPassword } from '../validation';
import { FormAlert } from './form-alert';
import { FormSubmit } from './form-submit';
import { linkClass } from './link-style';
import { PasswordField } from './password-field';
import { PasswordStrengthMeter } from './password-strength-meter';

const fieldNames = ['password'] as const;
const checks = { password: checkNewPassword };

/** A new password for the account of the reset link's token; `onDone` runs once it is saved. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const messageOf = useApiErrorMessage();
  const form = useFormFields({ password: '' }, checks);
  const reset = useResetPassword();
  const failure = reset.error ? describeFailure(reset.error, fieldNames, messageOf) : undefined;
  const linkDead = isApiError(reset.error) && reset.error.code === 'invalid_reset_token';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending || !form.validate()) return;
    reset.mutate(
      { token, password: form.values.password },
      {
        onSuccess: onDone,
        onError: (error) => form.showServerErrors(describeFailure(error, fieldNames, messageOf).fields),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label={t('resetPassword.title')}>
      <FormAlert key={reset.submittedAt} message={failure?.form} />
      {linkDead ? (
        <p className="text-sm">
          <Link to={paths.admin.forgotPassword.getHref()} className={linkClass}>
            {t('resetPassword.askAgain')}
          </Link>
        </p>
      ) : null}
      <PasswordField
        label={t('fields.newPassword')}
        autoComplete="new-password"
        required
        hint={t('password.requirement', { minimum: PASSWORD_MIN_LENGTH })}
        below={<PasswordStrengthMeter password={form.values.password} userInputs={[]} />}
        {...form.field('password')}
      />
      <FormSubmit
        pending={reset.isPending}
        label={t('resetPassword.submit')}
        pendingLabel={t('resetPassword.submitting')}
      />
    </form>
  );
}

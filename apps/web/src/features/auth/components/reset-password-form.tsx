import { PASSWORD_MIN_LENGTH } from '@nest/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { isApiError } from '@/lib/api-error';
import { useResetPassword } from '../api/reset-password';
import { useFormFields } from '../hooks/use-form-fields';
import { checkNewPassword } from '../validation';
import { AuthForm } from './auth-form';
import { linkClass } from './link-style';
import { PasswordField } from './password-field';
import { PasswordStrengthMeter } from './password-strength-meter';

const fieldNames = ['password'] as const;
const checks = { password: checkNewPassword };

/** A new password for the account of the reset link's token; `onDone` runs once it is saved. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const form = useFormFields({ password: '' }, checks);
  const reset = useResetPassword();
  const linkDead = isApiError(reset.error) && reset.error.code === 'invalid_reset_token';

  return (
    <AuthForm
      label={t('resetPassword.title')}
      form={form}
      fieldNames={fieldNames}
      mutation={reset}
      body={() => ({ token, password: form.values.password })}
      onSuccess={onDone}
      submitLabel={t('resetPassword.submit')}
      pendingLabel={t('resetPassword.submitting')}
    >
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
    </AuthForm>
  );
}

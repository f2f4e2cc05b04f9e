import type { Merchant } from '@nest/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { useLogIn } from '../api/log-in';
import { useFormFields } from '../hooks/use-form-fields';
import { checkCurrentPassword, checkEmail } from '../validation';
import { AuthForm } from './auth-form';
import { linkClass } from './link-style';
import { PasswordField } from './password-field';
import { EmailField } from './text-field';

const fieldNames = ['email', 'password'] as const;
const checks = { email: checkEmail, password: checkCurrentPassword };

/** Email and password; on success the caller decides where the merchant goes. */
export function LoginForm({ onLoggedIn }: { onLoggedIn: (merchant: Merchant) => void }) {
  const { t } = useTranslation('auth');
  const form = useFormFields({ email: '', password: '' }, checks);
  const logIn = useLogIn();

  return (
    <AuthForm
      label={t('login.formLabel')}
      form={form}
      fieldNames={fieldNames}
      mutation={logIn}
      body={() => ({ email: form.values.email.trim(), password: form.values.password })}
      onSuccess={onLoggedIn}
      submitLabel={t('login.submit')}
      pendingLabel={t('login.submitting')}
      footer={
        <p className="text-center text-sm text-slate-600 dark:text-slate-400">
          {t('login.noAccount')}{' '}
          <Link to={paths.admin.signup.getHref()} className={linkClass}>
            {t('login.signupLink')}
          </Link>
        </p>
      }
    >
      <EmailField label={t('fields.email')} {...form.field('email')} />
      <div className="flex flex-col gap-2">
        <PasswordField
          label={t('fields.password')}
          autoComplete="current-password"
          required
          {...form.field('password')}
        />
        <Link
          to={paths.admin.forgotPassword.getHref()}
          state={{ email: form.values.email.trim() }}
          className={`self-end text-sm ${linkClass}`}
        >
          {t('login.forgotPassword')}
        </Link>
      </div>
    </AuthForm>
  );
}

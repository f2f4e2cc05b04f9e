import type { Merchant } from '@nest/contracts';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { useLogIn } from '../api/log-in';
import { describeFailure } from '../describe-failure';
import { useFormFields } from '../hooks/use-form-fields';
import { checkCurrentPassword, checkEmail } from '../validation';
import { FormAlert } from './form-alert';
import { FormSubmit } from './form-submit';
import { linkClass } from './link-style';
import { PasswordField } from './password-field';
import { TextField } from './text-field';

const fieldNames = ['email', 'password'] as const;
const checks = { email: checkEmail, password: checkCurrentPassword };

/** Email and password; on success the caller decides where the merchant goes. */
export function LoginForm({ onLoggedIn }: { onLoggedIn: (merchant: Merchant) => void }) {
  const { t } = useTranslation('auth');
  const messageOf = useApiErrorMessage();
  const form = useFormFields({ email: '', password: '' }, checks);
  const logIn = useLogIn();
  const failure = logIn.error ? describeFailure(logIn.error, fieldNames, messageOf) : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (logIn.isPending || !form.validate()) return;
    logIn.mutate(
      { email: form.values.email.trim(), password: form.values.password },
      {
        onSuccess: onLoggedIn,
        onError: (error) => form.showServerErrors(describeFailure(error, fieldNames, messageOf).fields),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label={t('login.formLabel')}>
      <FormAlert key={logIn.submittedAt} message={failure?.form} />
      <TextField
        label={t('fields.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        {...form.field('email')}
      />
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
      <FormSubmit pending={logIn.isPending} label={t('login.submit')} pendingLabel={t('login.submitting')} />
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        {t('login.noAccount')}{' '}
        <Link to={paths.admin.signup.getHref()} className={linkClass}>
          {t('login.signupLink')}
        </Link>
      </p>
    </form>
  );
}

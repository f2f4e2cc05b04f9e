import { type Merchant, PASSWORD_MIN_LENGTH } from '@nest/contracts';
import type { FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { currentLocale } from '@/lib/i18n/i18n';
import { browserTimeZone, useSignUp } from '../api/sign-up';
import { describeFailure } from '../describe-failure';
import { useFormFields } from '../hooks/use-form-fields';
import { checkEmail, checkName, checkNewPassword } from '../validation';
import { FormAlert } from './form-alert';
import { FormSubmit } from './form-submit';
import { linkClass } from './link-style';
import { PasswordField } from './password-field';
import { PasswordStrengthMeter } from './password-strength-meter';
import { TextField } from './text-field';

const fieldNames = ['name', 'email', 'password'] as const;
const checks = { name: checkName, email: checkEmail, password: checkNewPassword };

/** Name, email and a new password; the account is created in the merchant's language and time zone. */
export function SignupForm({ onSignedUp }: { onSignedUp: (merchant: Merchant) => void }) {
  const { t } = useTranslation('auth');
  const messageOf = useApiErrorMessage();
  const form = useFormFields({ name: '', email: '', password: '' }, checks);
  const signUp = useSignUp();
  const failure = signUp.error ? describeFailure(signUp.error, fieldNames, messageOf) : undefined;
  const { name, email, password } = form.values;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signUp.isPending || !form.validate()) return;
    signUp.mutate(
      {
        name: name.trim(),
        email: email.trim(),
        password,
        locale: currentLocale(),
        time_zone: browserTimeZone(),
      },
      {
        onSuccess: onSignedUp,
        onError: (error) => form.showServerErrors(describeFailure(error, fieldNames, messageOf).fields),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label={t('signup.formLabel')}>
      <FormAlert key={signUp.submittedAt} message={failure?.form} />
      <TextField label={t('fields.name')} autoComplete="name" required {...form.field('name')} />
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
      <PasswordField
        label={t('fields.password')}
        autoComplete="new-password"
        required
        hint={t('password.requirement', { minimum: PASSWORD_MIN_LENGTH })}
        below={<PasswordStrengthMeter password={password} userInputs={[name, email]} />}
        {...form.field('password')}
      />
      <FormSubmit
        pending={signUp.isPending}
        label={t('signup.submit')}
        pendingLabel={t('signup.submitting')}
      />
      <p className="text-center text-xs text-slate-600 dark:text-slate-400">
        <Trans
          t={t}
          i18nKey="signup.terms"
          components={{
            terms: <Link to={paths.legal.document.getHref('terms-of-service')} className={linkClass} />,
            privacy: <Link to={paths.legal.document.getHref('privacy-policy')} className={linkClass} />,
          }}
        />
      </p>
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        {t('signup.haveAccount')}{' '}
        <Link to={paths.admin.login.getHref()} className={linkClass}>
          {t('signup.loginLink')}
        </Link>
      </p>
    </form>
  );
}

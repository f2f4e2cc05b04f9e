import { type Merchant, PASSWORD_MIN_LENGTH } from '@nest/contracts';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { currentLocale } from '@/lib/i18n/i18n';
import { browserTimeZone, useSignUp } from '../api/sign-up';
import { useFormFields } from '../hooks/use-form-fields';
import { checkEmail, checkName, checkNewPassword } from '../validation';
import { AuthForm } from './auth-form';
import { linkClass } from './link-style';
import { PasswordField } from './password-field';
import { PasswordStrengthMeter } from './password-strength-meter';
import { EmailField, TextField } from './text-field';

const fieldNames = ['name', 'email', 'password'] as const;
const checks = { name: checkName, email: checkEmail, password: checkNewPassword };
/** An email already in use is reported for the whole request; it belongs on the email field. */
const fieldOfCode = { email_taken: 'email' } as const;

/** Name, email and a new password; the account is created in the merchant's language and time zone. */
export function SignupForm({ onSignedUp }: { onSignedUp: (merchant: Merchant) => void }) {
  const { t } = useTranslation('auth');
  const form = useFormFields({ name: '', email: '', password: '' }, checks);
  const signUp = useSignUp();
  const { name, email, password } = form.values;

  return (
    <AuthForm
      label={t('signup.formLabel')}
      form={form}
      fieldNames={fieldNames}
      mutation={signUp}
      body={() => ({
        name: name.trim(),
        email: email.trim(),
        password,
        locale: currentLocale(),
        time_zone: browserTimeZone(),
      })}
      onSuccess={onSignedUp}
      fieldOfCode={fieldOfCode}
      submitLabel={t('signup.submit')}
      pendingLabel={t('signup.submitting')}
      footer={
        <>
          <p className="text-center text-xs text-slate-600 dark:text-slate-400">
            <Trans
              t={t}
              i18nKey="signup.terms"
              components={{
                terms: <Link to={paths.legal.document.getHref('merchants/terms')} className={linkClass} />,
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
        </>
      }
    >
      <TextField label={t('fields.name')} autoComplete="name" required {...form.field('name')} />
      <EmailField label={t('fields.email')} {...form.field('email')} />
      <PasswordField
        label={t('fields.password')}
        autoComplete="new-password"
        required
        hint={t('password.requirement', { minimum: PASSWORD_MIN_LENGTH })}
        below={<PasswordStrengthMeter password={password} userInputs={[name, email]} />}
        {...form.field('password')}
      />
    </AuthForm>
  );
}

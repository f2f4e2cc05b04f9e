import { PASSWORD_RESET_TTL_MINUTES } from '@nest/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useFormFields } from '../hooks/use-form-fields';
import { checkEmail } from '../validation';
import { AuthForm } from './auth-form';
import { linkClass } from './link-style';
import { EmailField } from './text-field';

const fieldNames = ['email'] as const;
const checks = { email: checkEmail };

/** What the merchant sees once the request is sent: the same words whether the account exists or not. */
function LinkSent({ email, onAgain }: { email: string; onAgain: () => void }) {
  const { t } = useTranslation('auth');
  const status = useRef<HTMLDivElement>(null);
  useEffect(() => status.current?.focus(), []);
  return (
    <div className="flex flex-col gap-5">
      <div
        ref={status}
        role="status"
        tabIndex={-1}
        className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900 dark:border-brand-900 dark:bg-brand-950/60 dark:text-brand-100"
      >
        <p className="font-medium">
          {t('forgotPassword.sent', { email, minutes: PASSWORD_RESET_TTL_MINUTES })}
        </p>
        <p className="mt-1">{t('forgotPassword.sentHint')}</p>
      </div>
      <Button variant="secondary" size="lg" className="w-full" onClick={onAgain}>
        {t('forgotPassword.again')}
      </Button>
      <p className="text-center text-sm">
        <Link to={paths.admin.login.getHref()} className={linkClass}>
          {t('forgotPassword.backToLogin')}
        </Link>
      </p>
    </div>
  );
}

/** Asks for a reset link by email; `initialEmail` comes from the login form when the merchant typed one. */
export function ForgotPasswordForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation('auth');
  const form = useFormFields({ email: initialEmail }, checks);
  const request = useRequestPasswordReset();

  if (request.isSuccess) {
    return <LinkSent email={request.variables.email} onAgain={() => request.reset()} />;
  }

  return (
    <AuthForm
      label={t('forgotPassword.title')}
      form={form}
      fieldNames={fieldNames}
      mutation={request}
      body={() => ({ email: form.values.email.trim() })}
      submitLabel={t('forgotPassword.submit')}
      pendingLabel={t('forgotPassword.submitting')}
      footer={
        <p className="text-center text-sm">
          <Link to={paths.admin.login.getHref()} className={linkClass}>
            {t('forgotPassword.backToLogin')}
          </Link>
        </p>
      }
    >
      <EmailField label={t('fields.email')} {...form.field('email')} />
    </AuthForm>
  );
}

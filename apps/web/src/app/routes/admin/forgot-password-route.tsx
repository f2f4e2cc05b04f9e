import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { AuthPanel } from '@/features/auth/components/auth-panel';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

/** Asking for a password reset link (/admin/forgot-password), reached from the login page. */
export function Component() {
  const { t } = useTranslation('auth');
  const state: unknown = useLocation().state;
  // The login form hands over the email already typed, so the merchant does not type it twice.
  const email =
    state && typeof state === 'object' && 'email' in state && typeof state.email === 'string'
      ? state.email
      : '';
  return (
    <>
      <PageTitle>{t('forgotPassword.title')}</PageTitle>
      <AuthPanel intro={t('forgotPassword.intro')}>
        <ForgotPasswordForm initialEmail={email} />
      </AuthPanel>
    </>
  );
}

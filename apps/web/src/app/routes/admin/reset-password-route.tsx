import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, replace, useLoaderData, useNavigate } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { AuthPanel } from '@/features/auth/components/auth-panel';
import { linkClass } from '@/features/auth/components/link-style';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { resetToken } from '@/features/auth/reset-token';
import { toast } from '@/lib/toast';
import { paths } from '../../paths';

/**
 * The emailed link opens /admin/reset-password?token=…: the token is put aside and the address
 * replaced by one without it before the page shows (and before any page view is recorded).
 */
export function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token');
  if (token) {
    resetToken.set(token);
    throw replace(paths.admin.resetPassword.getHref());
  }
  return { token: resetToken.get() };
}

/** Choosing a new password from a reset link (/admin/reset-password). */
export function Component() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  // While the page fades out after the reset, its loader data is already gone: keep the last token.
  const data = useLoaderData<typeof loader>() as ReturnType<typeof loader> | undefined;
  const lastToken = useRef<string | null>(null);
  if (data) lastToken.current = data.token;
  const token = lastToken.current;
  const done = () => {
    resetToken.clear();
    toast.success(t('resetPassword.done'));
    void navigate(paths.admin.login.getHref(), { replace: true });
  };
  return (
    <>
      <PageTitle>{t('resetPassword.title')}</PageTitle>
      <AuthPanel intro={t(token ? 'resetPassword.intro' : 'resetPassword.missingToken')}>
        {token ? (
          <ResetPasswordForm token={token} onDone={done} />
        ) : (
          <Link to={paths.admin.forgotPassword.getHref()} className={linkClass}>
            {t('resetPassword.askAgain')}
          </Link>
        )}
      </AuthPanel>
    </>
  );
}

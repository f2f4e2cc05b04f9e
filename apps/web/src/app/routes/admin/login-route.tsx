import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { AuthPanel } from '@/features/auth/components/auth-panel';
import { LoginForm } from '@/features/auth/components/login-form';
import { paths } from '../../paths';

/** Merchant login (/admin/login). After it the dashboard's guard decides where the merchant lands. */
export function Component() {
  const { t } = useTranslation(['admin', 'auth']);
  const navigate = useNavigate();
  return (
    <>
      <PageTitle>{t('admin:pages.login')}</PageTitle>
      <AuthPanel intro={t('auth:login.intro')}>
        <LoginForm onLoggedIn={() => void navigate(paths.admin.app.dashboard.getHref(), { replace: true })} />
      </AuthPanel>
    </>
  );
}

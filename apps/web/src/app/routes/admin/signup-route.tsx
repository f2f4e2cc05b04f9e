import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { AuthPanel } from '@/features/auth/components/auth-panel';
import { SignupForm } from '@/features/auth/components/signup-form';
import { paths } from '../../paths';

/** Merchant signup (/admin/signup). A new merchant has no plan yet: next comes the plan choice. */
export function Component() {
  const { t } = useTranslation(['admin', 'auth']);
  const navigate = useNavigate();
  return (
    <>
      <PageTitle>{t('admin:pages.signup')}</PageTitle>
      <AuthPanel intro={t('auth:signup.intro')}>
        <SignupForm onSignedUp={() => void navigate(paths.admin.pricing.getHref(), { replace: true })} />
      </AuthPanel>
    </>
  );
}

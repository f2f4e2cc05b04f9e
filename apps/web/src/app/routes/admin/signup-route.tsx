import { planIds } from '@nest/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { AuthPanel } from '@/features/auth/components/auth-panel';
import { SignupForm } from '@/features/auth/components/signup-form';
import { paths } from '../../paths';

/**
 * Merchant signup (/admin/signup). A new merchant has no plan yet: next comes the plan choice, or
 * straight the payment of the plan chosen on the landing page (`?plan=pro`).
 */
export function Component() {
  const { t } = useTranslation(['admin', 'auth']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const plan = planIds.find((id) => id === search.get('plan'));
  return (
    <>
      <PageTitle>{t('admin:pages.signup')}</PageTitle>
      <AuthPanel intro={t('auth:signup.intro')}>
        <SignupForm onSignedUp={() => void navigate(paths.admin.pricing.getHref(plan), { replace: true })} />
      </AuthPanel>
    </>
  );
}

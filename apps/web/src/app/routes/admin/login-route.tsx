import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layout/page-title';

/** Merchant login (/admin/login). The login form comes with the auth screens. */
export function Component() {
  const { t } = useTranslation('admin');
  return <PageTitle>{t('pages.login')}</PageTitle>;
}

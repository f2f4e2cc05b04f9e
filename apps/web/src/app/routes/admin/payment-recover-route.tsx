import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layout/page-title';

/** Onboarding: paying an overdue plan invoice (/admin/onboarding/payment/recover). */
export function Component() {
  const { t } = useTranslation('admin');
  return <PageTitle>{t('pages.paymentRecover')}</PageTitle>;
}

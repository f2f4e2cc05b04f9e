import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layout/page-title';

/** Onboarding: after the plan payment (/admin/onboarding/payment/success). */
export function Component() {
  const { t } = useTranslation('admin');
  return <PageTitle>{t('pages.paymentSuccess')}</PageTitle>;
}

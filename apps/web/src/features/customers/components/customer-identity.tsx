import type { NestCustomer } from '@nest/contracts';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layout/page-title';
import { CustomerLogout } from './customer-logout';

/** The overview's heading: who is signed in, and the way out. */
export function CustomerIdentity({ customer }: { customer: Pick<NestCustomer, 'name' | 'email'> }) {
  const { t } = useTranslation('customers');
  const { name, email } = customer;
  return (
    <header>
      <PageTitle actions={<CustomerLogout />}>{t('pages.overview')}</PageTitle>
      <p className="-mt-4 text-slate-700 dark:text-slate-300" data-testid="customer-identity">
        {name ? (
          <>
            <span className="font-medium">{name}</span> · <span className="break-all">{email}</span>
          </>
        ) : (
          <span className="break-all">{email}</span>
        )}
      </p>
    </header>
  );
}

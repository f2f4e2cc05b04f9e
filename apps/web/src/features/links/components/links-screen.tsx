import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layout/page-title';
import { Button } from '@/components/ui/button';
import { useLinks } from '../api/get-links';
import { CreateLinkForm } from './create-link-form';
import { LinkCard } from './link-card';

/** /admin/app/links: create links to offers, share them (URL, QR, poster), and see what each one brings. */
export function LinksScreen({ banner, paymentsOff = false }: { banner?: ReactNode; paymentsOff?: boolean }) {
  const { t } = useTranslation(['admin', 'links']);
  const links = useLinks();
  return (
    <div className="flex flex-col gap-6">
      <div>
        <PageTitle>{t('admin:pages.links')}</PageTitle>
        <p className="-mt-3 max-w-2xl text-sm text-slate-600 dark:text-slate-300">{t('links:intro')}</p>
      </div>
      {banner}
      <CreateLinkForm />
      <section aria-labelledby="links-title" className="flex flex-col gap-4">
        <h2 id="links-title" className="text-lg font-semibold tracking-tight">
          {t('links:list.title')}
        </h2>
        {links.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3">
            <p>{t('links:list.failed')}</p>
            <Button variant="secondary" onClick={() => void links.refetch()}>
              {t('links:list.retry')}
            </Button>
          </div>
        ) : !links.data ? (
          <p role="status">{t('links:list.loading')}</p>
        ) : links.data.items.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('links:list.empty')}</p>
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {links.data.items.map((link) => (
              <LinkCard key={link.id} link={link} paymentsOff={paymentsOff} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

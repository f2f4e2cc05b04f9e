import type { DataExportRequested } from '@nest/contracts';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataExportButton } from './data-export-button';

/**
 * "Your data" (ADR 171), the same for a merchant and a customer: a copy of everything by email, and
 * the account's erasure behind a confirmation the caller puts in (`children`). Texts come from the
 * `privacy.*` keys of the caller's namespace.
 */
export function PrivacyCard(props: {
  ns: 'merchants' | 'customers';
  requestExport: () => Promise<DataExportRequested>;
  onDelete: (event: FormEvent<HTMLFormElement>) => void;
  deleting: boolean;
  formError: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation(props.ns);
  return (
    <Card id="your-data" title={t('privacy.title')} description={t('privacy.intro')}>
      <div className="flex flex-col gap-8">
        <section aria-labelledby="privacy-export" className="flex flex-col gap-2">
          <h3 id="privacy-export" className="font-medium">
            {t('privacy.export.title')}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('privacy.export.intro')}</p>
          <DataExportButton
            request={props.requestExport}
            labels={{
              action: t('privacy.export.action'),
              pending: t('privacy.export.pending'),
              sent: (email, days) => t('privacy.export.sent', { email, days }),
            }}
          />
        </section>
        <section aria-labelledby="privacy-delete" className="flex flex-col gap-3">
          <h3 id="privacy-delete" className="font-medium text-red-800 dark:text-red-300">
            {t('privacy.delete.title')}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('privacy.delete.intro')}</p>
          <form noValidate onSubmit={props.onDelete} className="flex flex-col gap-4">
            {props.children}
            {props.formError ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                {props.formError}
              </p>
            ) : null}
            <div>
              <Button
                type="submit"
                disabled={props.deleting}
                className="bg-red-700 text-white hover:bg-red-800 dark:bg-red-500 dark:text-slate-950 dark:hover:bg-red-400"
              >
                {props.deleting ? t('privacy.delete.pending') : t('privacy.delete.action')}
              </Button>
            </div>
          </form>
        </section>
      </div>
    </Card>
  );
}

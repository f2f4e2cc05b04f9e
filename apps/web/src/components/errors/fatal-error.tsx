import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Brand } from '@/components/layout/brand';
import { useDocumentTitle } from '@/components/layout/page-title';
import { Button, buttonClasses } from '@/components/ui/button';
import type { FatalErrorInfo } from '@/lib/fatal-error';

/**
 * The fatal error page (spec §2): status 404 shows the not-found variant ('Page Not Found'), any other
 * status the generic variant ('Internal Server Error', status 500 by default). A supplied message
 * replaces the default.
 */
export function FatalError({ status = 500, message, path }: Partial<FatalErrorInfo>) {
  const { t } = useTranslation();
  const notFound = status === 404;
  const title = message ?? (notFound ? t('errors.notFound.message') : t('errors.generic.message'));
  useDocumentTitle(title);
  return (
    <div
      data-fatal-error={notFound ? 'not-found' : 'generic'}
      data-status={status}
      className="flex min-h-dvh flex-col items-center justify-center gap-8 px-6 py-16 text-center"
    >
      <Brand />
      <main
        id="main-content"
        tabIndex={-1}
        className="flex max-w-lg flex-col items-center gap-4 outline-none"
      >
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-400">
          {t('errors.status', { status })}
        </p>
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
        {notFound && path ? (
          <p className="text-slate-600 dark:text-slate-300">{t('errors.notFound.path', { path })}</p>
        ) : null}
        <p className="text-slate-600 dark:text-slate-300">
          {notFound ? t('errors.notFound.hint') : t('errors.generic.hint')}
        </p>
        <div className="mt-2 flex flex-wrap justify-center gap-3">
          <Link
            to={paths.home.getHref()}
            className={buttonClasses({ variant: notFound ? 'primary' : 'secondary' })}
          >
            {t('errors.backHome')}
          </Link>
          {notFound ? null : <Button onClick={() => window.location.reload()}>{t('errors.retry')}</Button>}
        </div>
      </main>
    </div>
  );
}

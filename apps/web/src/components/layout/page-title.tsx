import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

/** Sets the browser tab's title for the current page. */
export function useDocumentTitle(title: string, options: { raw?: boolean } = {}): void {
  const { t } = useTranslation();
  const full = options.raw ? title : t('documentTitle', { title });
  useEffect(() => {
    document.title = full;
  }, [full]);
}

/** The page's one <h1>, also used as the tab title. */
export function PageTitle({
  children,
  className,
  actions,
}: {
  children: string;
  className?: string;
  actions?: ReactNode;
}) {
  useDocumentTitle(children);
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
      <h1 className={cn('text-2xl font-semibold tracking-tight sm:text-3xl', className)}>{children}</h1>
      {actions}
    </div>
  );
}

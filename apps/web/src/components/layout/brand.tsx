import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { cn } from '@/components/ui/cn';

/** The nest mark and name, linking home. */
export function Brand({ className, to = paths.home.getHref() }: { className?: string; to?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      aria-label={t('brand.home')}
      className={cn('inline-flex items-center gap-2 rounded-md font-semibold tracking-tight', className)}
    >
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8 text-brand-700 dark:text-brand-400">
        <rect width="32" height="32" rx="9" fill="currentColor" />
        <path
          d="M7 19c2.5 4 5.5 6 9 6s6.5-2 9-6M9 15c2-3 4.5-4.5 7-4.5S21 12 23 15M12 11.5 16 7l4 4.5"
          fill="none"
          stroke="white"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="text-lg">{t('brand.name')}</span>
    </Link>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { cn } from '@/components/ui/cn';
import { BrandMark } from './brand-mark';

/** The nest mark and name, linking home. */
export function Brand({ className, to = paths.home.getHref() }: { className?: string; to?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      aria-label={t('brand.home')}
      className={cn('inline-flex items-center gap-2 rounded-md font-semibold tracking-tight', className)}
    >
      <BrandMark />
      <span className="text-lg">{t('brand.name')}</span>
    </Link>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { getCurrentMerchantQueryOptions } from '../api/get-current-merchant';
import { LogoutButton } from './logout-button';

/**
 * Who is signed in, and the way out. Reads the merchant the guard put in the cache without ever
 * fetching it (after logout the cache is empty and nothing must be asked of the server).
 */
export function MerchantSessionPanel({ className }: { className?: string }) {
  const { t } = useTranslation('auth');
  const { data: merchant } = useQuery({ ...getCurrentMerchantQueryOptions(), enabled: false });
  return (
    <div className={cn('flex flex-col gap-3', className)}>
      {merchant ? (
        <p className="min-w-0 px-2 text-sm">
          <span className="sr-only">{t('logout.signedInAs')} </span>
          <span className="block truncate font-medium">{merchant.name}</span>
          <span className="block truncate text-slate-600 dark:text-slate-400" title={merchant.email}>
            {merchant.email}
          </span>
        </p>
      ) : null}
      <LogoutButton className="w-full" />
    </div>
  );
}

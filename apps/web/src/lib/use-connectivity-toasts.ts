import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from './toast';

/**
 * Tells the visitor when the connection drops and comes back: at the counter on a phone this is the
 * first thing to know when a scan or a payment does not go through.
 */
export function useConnectivityToasts(): void {
  const { t } = useTranslation();
  useEffect(() => {
    const offline = () => toast.warning(t('connectivity.offline'));
    const online = () => toast.success(t('connectivity.online'));
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [t]);
}

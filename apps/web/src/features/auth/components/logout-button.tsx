import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { Button, type ButtonStyle } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useLogOut } from '../api/log-out';

/** Logs the merchant out and opens the login page (spec §4); says so when the server cannot be reached. */
export function LogoutButton({ className, size }: { className?: string; size?: ButtonStyle['size'] }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const logOut = useLogOut();
  return (
    <Button
      variant="secondary"
      size={size}
      className={className}
      disabled={logOut.isPending}
      onClick={() =>
        logOut.mutate(undefined, {
          onSuccess: () => void navigate(paths.admin.login.getHref(), { replace: true }),
          onError: () => toast.error(t('logout.failed')),
        })
      }
    >
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 16l-4-4 4-4M6 12h10" />
      </svg>
      {logOut.isPending ? t('logout.pending') : t('logout.action')}
    </Button>
  );
}

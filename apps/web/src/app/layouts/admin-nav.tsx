import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '@/components/ui/cn';
import { paths } from '../paths';

const icon = (d: string) => (
  <svg
    viewBox="0 0 24 24"
    aria-hidden="true"
    className="size-5 shrink-0"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d={d} />
  </svg>
);

/** The merchant area's sections, in the order a merchant uses them. */
export const adminNavItems: ReadonlyArray<{
  key: 'dashboard' | 'links' | 'prices' | 'customers' | 'events' | 'verify' | 'account';
  href: string;
  icon: ReactNode;
}> = [
  {
    key: 'dashboard',
    href: paths.admin.app.dashboard.getHref(),
    icon: icon('M4 13h6V4H4zm10 7h6V4h-6zM4 20h6v-4H4z'),
  },
  {
    key: 'links',
    href: paths.admin.app.links.getHref(),
    icon: icon(
      'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
    ),
  },
  { key: 'prices', href: paths.admin.app.prices.getHref(), icon: icon('M20 12 12 20l-8-8V4h8zM8.5 8.5h.01') },
  {
    key: 'customers',
    href: paths.admin.app.customers.getHref(),
    icon: icon(
      'M16 19v-1a4 4 0 0 0-8 0v1M12 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6M20 19v-1a3 3 0 0 0-2-2.8M16.5 5.2a3 3 0 0 1 0 5.6',
    ),
  },
  {
    key: 'events',
    href: paths.admin.app.events.getHref(),
    icon: icon(
      'M7 3v3M17 3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1M9 14l2 2 4-4',
    ),
  },
  {
    key: 'verify',
    href: paths.admin.app.verify.getHref(),
    icon: icon(
      'M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3M8 12l3 3 5-6',
    ),
  },
  {
    key: 'account',
    href: paths.admin.app.account.getHref(),
    icon: icon('M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8M4 20a8 8 0 0 1 16 0'),
  },
];

/** The merchant navigation; `onNavigate` lets the phone menu close itself. */
export function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.main')}>
      <ul className="flex flex-col gap-1">
        {adminNavItems.map((item) => (
          <li key={item.key}>
            <NavLink
              to={item.href}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                  isActive
                    ? 'bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-200'
                    : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
                )
              }
            >
              {item.icon}
              {t(`nav.${item.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

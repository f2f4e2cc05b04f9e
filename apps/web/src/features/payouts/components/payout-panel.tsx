import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

const tones = {
  neutral: 'border-slate-200 dark:border-slate-800',
  success: 'border-emerald-300 dark:border-emerald-800',
  warning: 'border-amber-300 dark:border-amber-800',
  error: 'border-red-300 dark:border-red-900',
} as const;

const marks = {
  neutral: 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
  success: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  warning: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  error: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
} as const;

const icons = {
  neutral: 'M12 8v4l2.5 2.5M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0',
  success: 'M5 12.5l4.5 4.5L19 7.5',
  warning: 'M12 8v5m0 3.5h.01M10.3 3.9 2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0',
  error: 'M6 6l12 12M18 6 6 18',
} as const;

/** The outcome card of the payout return and refresh pages. */
export function PayoutPanel({
  tone,
  title,
  busy = false,
  role,
  children,
}: {
  tone: keyof typeof tones;
  title: string;
  busy?: boolean;
  role?: 'status' | 'alert';
  children: ReactNode;
}) {
  return (
    <section
      role={role}
      aria-busy={busy || undefined}
      className={cn('rounded-2xl border bg-white p-5 shadow-sm sm:p-8 dark:bg-slate-900', tones[tone])}
    >
      <div className="flex items-start gap-4">
        <span
          aria-hidden="true"
          className={cn('flex size-10 shrink-0 items-center justify-center rounded-full', marks[tone])}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className={cn('size-5', busy && 'motion-safe:animate-spin')}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d={busy ? 'M12 3a9 9 0 1 0 9 9' : icons[tone]} />
          </svg>
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-xl font-semibold tracking-tight">{title}</h2>
          <div className="mt-2 text-slate-600 dark:text-slate-300">{children}</div>
        </div>
      </div>
    </section>
  );
}

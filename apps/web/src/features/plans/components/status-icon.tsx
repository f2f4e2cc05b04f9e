import { cn } from '@/components/ui/cn';

const looks = {
  success: {
    path: 'M5 12.5 10 17l9-10',
    tone: 'bg-brand-100 text-brand-700 dark:bg-brand-950 dark:text-brand-300',
  },
  warning: {
    path: 'M12 8v5M12 16.5h.01',
    tone: 'bg-amber-100 text-amber-700 dark:bg-amber-950 dark:text-amber-300',
  },
  error: { path: 'M8 8l8 8M16 8l-8 8', tone: 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300' },
  pending: { path: '', tone: 'bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-300' },
} as const;

/** A round icon saying how a payment went; decorative (the text next to it says it in words). */
export function StatusIcon({ kind }: { kind: keyof typeof looks }) {
  const look = looks[kind];
  return (
    <div
      aria-hidden="true"
      className={cn('mx-auto flex size-14 items-center justify-center rounded-full', look.tone)}
    >
      {kind === 'pending' ? (
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className="size-7 animate-spin motion-reduce:animate-none"
          fill="none"
        >
          <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="2.5" />
          <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      ) : (
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className="size-7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d={look.path} />
        </svg>
      )}
    </div>
  );
}

import type { VerificationResultKind } from '@nest/contracts';

/** The verdict's shape, so the colour is never the only sign: a tick, a warning triangle, a cross. */
export function VerdictIcon({ result, className }: { result: VerificationResultKind; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {result === 'eligible' ? (
        <>
          <circle cx="12" cy="12" r="10" />
          <path d="m7.5 12.5 3 3 6-6.5" />
        </>
      ) : result === 'grace' ? (
        <>
          <path d="M10.3 3.9 2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
          <path d="M12 9v4.5" />
          <path d="M12 17h.01" />
        </>
      ) : (
        <>
          <circle cx="12" cy="12" r="10" />
          <path d="m15 9-6 6" />
          <path d="m9 9 6 6" />
        </>
      )}
    </svg>
  );
}

/** Banner colours: white on deep green and red, near-black on amber (contrast above 7:1 in both modes). */
export const verdictBanner: Record<VerificationResultKind, string> = {
  eligible: 'bg-emerald-700 text-white dark:bg-emerald-700',
  grace: 'bg-amber-400 text-slate-950 dark:bg-amber-400',
  not_eligible: 'bg-red-700 text-white dark:bg-red-700',
};

/** Small badges of the same three colours (lists and search results). */
export const verdictBadge: Record<VerificationResultKind, string> = {
  eligible: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50',
  grace: 'bg-amber-100 text-amber-950 dark:bg-amber-800 dark:text-amber-50',
  not_eligible: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-50',
};

import { useEffect, useRef } from 'react';
import { cn } from '@/components/ui/cn';

/**
 * A message about the whole step: an error (role alert, takes the focus unless told not to, so
 * keyboard and screen-reader users hear it) or a piece of news (role status).
 */
export function FormMessage({
  message,
  tone,
  focus = tone === 'error',
}: {
  message: string | undefined;
  tone: 'error' | 'info';
  focus?: boolean;
}) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message && focus) element.current?.focus();
  }, [message, focus]);
  if (!message) return null;
  return (
    <div
      ref={element}
      role={tone === 'error' ? 'alert' : 'status'}
      tabIndex={-1}
      className={cn(
        'rounded-lg border px-4 py-3 text-sm',
        tone === 'error'
          ? 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200'
          : 'border-brand-200 bg-brand-50 text-brand-900 dark:border-brand-800 dark:bg-brand-950/40 dark:text-brand-100',
      )}
    >
      {message}
    </div>
  );
}

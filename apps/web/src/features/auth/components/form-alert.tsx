import { useEffect, useRef } from 'react';

/**
 * A message about the whole form (wrong credentials, too many attempts, offline). It takes the focus
 * when it appears, so keyboard and screen-reader users hear it at once.
 */
export function FormAlert({ message }: { message: string | undefined }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) element.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <div
      ref={element}
      role="alert"
      tabIndex={-1}
      className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200"
    >
      {message}
    </div>
  );
}

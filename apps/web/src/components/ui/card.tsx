import { type ReactNode, useId } from 'react';
import { cn } from './cn';

interface CardProps {
  /** The section's heading (an h2), which also names the section for screen readers. */
  title: string;
  description?: ReactNode;
  /** Buttons at the heading's end. */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
  id?: string;
}

/** A titled section of a page on a white panel (the account page's profile, password, plan…). */
export function Card({ title, description, actions, className, children, id }: CardProps) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
          {description ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{description}</p>
          ) : null}
        </div>
        {actions}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

interface LandingSectionProps {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
  className?: string;
}

/** A titled section of the landing page, reachable by its anchor. */
export function LandingSection({ id, title, intro, children, className }: LandingSectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn('scroll-mt-24 py-16 sm:py-24', className)}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <h2 id={`${id}-title`} className="text-3xl font-semibold tracking-tight sm:text-4xl">
            {title}
          </h2>
          {intro ? <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{intro}</p> : null}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}

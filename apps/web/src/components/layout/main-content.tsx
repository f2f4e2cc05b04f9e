import type { ComponentPropsWithoutRef } from 'react';
import { cn } from '@/components/ui/cn';
import { MAIN_CONTENT_ID } from './page-transition';

/** The page's <main>: target of the skip link, focused after each navigation. */
export function MainContent({ className, ...props }: ComponentPropsWithoutRef<'main'>) {
  return <main id={MAIN_CONTENT_ID} tabIndex={-1} className={cn('outline-none', className)} {...props} />;
}

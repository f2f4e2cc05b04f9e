import * as RadixDialog from '@radix-ui/react-dialog';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cn } from './cn';

/**
 * A modal dialog built on Radix Dialog (focus trap, Escape and outside click to close, focus back on
 * the trigger). `Dialog` is the root; put a `DialogContent` with a `DialogTitle` inside.
 */
export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export function DialogTitle({ className, ...props }: ComponentPropsWithRef<typeof RadixDialog.Title>) {
  return <RadixDialog.Title className={cn('text-lg font-semibold tracking-tight', className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentPropsWithRef<typeof RadixDialog.Description>) {
  return (
    <RadixDialog.Description
      className={cn('mt-2 text-sm text-slate-600 dark:text-slate-300', className)}
      {...props}
    />
  );
}

type DialogContentProps = ComponentPropsWithRef<typeof RadixDialog.Content> & { children: ReactNode };

/** The dialog box, centered on larger screens and docked to the bottom on phones. */
export function DialogContent({ children, className, ...props }: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
      <RadixDialog.Content
        className={cn(
          'fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-2xl bg-white p-6 shadow-xl',
          'sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl',
          'dark:bg-slate-900',
          className,
        )}
        {...props}
      >
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

/** The row of buttons at the bottom of a dialog: stacked on phones, side by side on wider screens. */
export function DialogFooter({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn('mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
      {children}
    </div>
  );
}

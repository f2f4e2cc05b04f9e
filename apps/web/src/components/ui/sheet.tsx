import * as Dialog from '@radix-ui/react-dialog';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cn } from './cn';

/** A panel sliding from the side of the screen (the phone menu), built on Radix Dialog (focus trap, Escape). */
export const Sheet = Dialog.Root;
export const SheetTrigger = Dialog.Trigger;
export const SheetClose = Dialog.Close;
export const SheetTitle = Dialog.Title;

type SheetContentProps = ComponentPropsWithRef<typeof Dialog.Content> & {
  children: ReactNode;
  side?: 'left' | 'right';
};

/**
 * A press in a menu opened from inside the panel (the preferences menu, which Radix portals to the
 * page's body) is not outside the panel. React passes events up its tree through portals and Radix
 * sees that; Preact passes them up the DOM only (ADR 204), so without this the panel would close.
 */
function keepOpenForNestedMenus(event: Event) {
  if (event.target instanceof Element && event.target.closest('[data-radix-popper-content-wrapper]'))
    event.preventDefault();
}

export function SheetContent({
  children,
  side = 'left',
  className,
  onPointerDownOutside,
  ...props
}: SheetContentProps) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
      <Dialog.Content
        aria-describedby={undefined}
        className={cn(
          'fixed inset-y-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl dark:bg-slate-900',
          side === 'left' ? 'left-0' : 'right-0',
          className,
        )}
        onPointerDownOutside={(event) => {
          keepOpenForNestedMenus(event);
          onPointerDownOutside?.(event);
        }}
        {...props}
      >
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}

import { type ReactNode, useLayoutEffect } from 'react';
import { PAINTED_ROOT_ATTRIBUTE } from './router-ready';

/**
 * What the visitor did on a painted page (ADR 203, 205, 209) before the app adopted it, handed to the
 * app's own handlers: the hydration keeps the nodes, and what was typed in them, but the app's state
 * still holds the painted (empty) values; a form sent meanwhile, or the last button pressed, was held
 * by `public/start-after-paint.js`.
 */
export function replayEarlyInput(root: HTMLElement): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field.value !== field.defaultValue) field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  const pressed = root.querySelector<HTMLElement>('[data-held-click]');
  if (pressed) {
    pressed.removeAttribute('data-held-click');
    setTimeout(() => pressed.click(), 0);
  }
  const held = root.querySelector<HTMLFormElement>('form[data-held-submit]');
  if (!held) return;
  held.removeAttribute('data-held-submit');
  // Once the typed values have been rendered (a state update renders on the next microtask).
  setTimeout(() => held.requestSubmit(), 0);
}

/**
 * Drops the painted page's mark once the app's own page is on screen (browser tests wait for it), and
 * hands the app what the visitor typed or sent meanwhile. A layout effect, so in the same task as the
 * adoption: no key can come in between. The next key would render the form with the app's values,
 * and a value typed before and not yet handed over would be wiped (a visitor typing their email on
 * the painted page, then their password as the app took over, lost the email).
 */
export function TakeOver({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useLayoutEffect(() => {
    root.removeAttribute(PAINTED_ROOT_ATTRIBUTE);
    replayEarlyInput(root);
  }, [root]);
  return children;
}

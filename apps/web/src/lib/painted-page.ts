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

import { SERVED_ANSWER_ELEMENT_ID } from '@nest/contracts';

/**
 * How long after the page started its served answer may stand for its call: the guard makes that call
 * as the app starts; later, the call goes to the server as any other.
 */
export const SERVED_ANSWER_FRESH_MS = 15_000;

let served: { path: string; body: unknown } | null | undefined;

/** The answer the server wrote into this page, read once and removed from the page. */
function readServed(): { path: string; body: unknown } | null {
  const element = document.getElementById(SERVED_ANSWER_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  const path = element.getAttribute('data-path');
  try {
    return path ? { path, body: JSON.parse(element.textContent ?? '') } : null;
  } catch {
    return null;
  }
}

/**
 * The answer of `GET path` the server wrote into the page (ADR 206), once: the first call for that
 * path shortly after the page started takes it instead of asking; every other call asks the server.
 */
export function takeServedAnswer(path: string): { body: unknown } | undefined {
  if (typeof document === 'undefined') return undefined;
  if (served === undefined) served = readServed();
  if (!served || served.path !== path || performance.now() > SERVED_ANSWER_FRESH_MS) return undefined;
  const { body } = served;
  served = null;
  return { body };
}

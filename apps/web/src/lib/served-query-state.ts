import { SERVED_QUERY_STATE_ELEMENT_ID } from '@nest/contracts';
import { hydrate, type QueryClient } from '@tanstack/react-query';

/**
 * Puts the data of a page the server painted (ADR 209) into the app's cache before its first render,
 * so that render is the painted one; read once and removed from the page. Answers whether there was
 * any.
 */
export function takeServedQueryState(client: QueryClient): boolean {
  const element = document.getElementById(SERVED_QUERY_STATE_ELEMENT_ID);
  if (!element) return false;
  element.remove();
  try {
    hydrate(client, JSON.parse(element.textContent ?? ''));
    return true;
  } catch {
    return false;
  }
}

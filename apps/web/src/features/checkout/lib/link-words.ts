import type { Locale } from '@nest/contracts';
import { createContext, useContext } from 'react';

/** A word of the 'checkout' catalogue by its key ("offer.by"), with its {{placeholders}} filled in. */
export type LinkTranslate = (key: string, values?: Record<string, unknown>) => string;

/**
 * What the link page's components need to speak: the visitor's locale and the 'checkout' words. The
 * single-page app gives them from i18next (app/routes/links/link-route.tsx); the standalone link
 * page, which must stay small, from its own tiny translator (src/link-page/words.ts, ADR 077).
 */
export interface LinkWords {
  locale: Locale;
  t: LinkTranslate;
  /** The browser tab's title for a page named `title` ("Coffee club · Café Lumière · Nest"). */
  documentTitle: (title: string) => string;
}

export const LinkWordsContext = createContext<LinkWords | null>(null);

export function useLinkWords(): LinkWords {
  const words = useContext(LinkWordsContext);
  if (!words) throw new Error('useLinkWords() needs a <LinkWordsContext> provider');
  return words;
}

// By path: the config's own imports are bundled only when relative (the package's `.ts` is left to Node).

import type { Plugin } from 'vite';
import { COLOR_MODE_SCRIPT } from '../../../packages/contracts/src/color-mode-script';

/** Where each HTML page of the app asks for its colour mode (index.html, links.html). */
const MARK = '<script data-color-mode></script>';

/**
 * Writes the colour-mode script inline where the page marks it (ADR 205): as a file of its own it was a
 * round trip that blocked the first paint. The API's CSP allows exactly this text by its hash
 * (apps/api/src/plugins/security.ts), both read from `@nest/contracts`.
 */
export function inlineColorMode(): Plugin {
  return {
    name: 'nest-inline-color-mode',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(MARK)) throw new Error(`inlineColorMode: the page lacks ${MARK}`);
        return html.replace(MARK, () => `<script>${COLOR_MODE_SCRIPT}</script>`);
      },
    },
  };
}

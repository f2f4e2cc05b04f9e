import { createRequire } from 'node:module';
import path from 'node:path';
import type { Alias } from 'vite';

/**
 * React's packages answered by Preact's compatibility layer (ADR 204): the app, React Router, TanStack
 * Query, react-i18next, Radix and sonner import `react` and `react-dom` and run Preact, ≈ 57 KB gzip
 * less on every page. The code and its types stay React's (tsc checks against @types/react); removing
 * these aliases goes back to React DOM.
 *
 * Absolute paths to the web app's own Preact (11): resolving `preact/compat` from a library's folder
 * would find the root node_modules' Preact 10, which posthog-js brings, and run two copies.
 */
export const PREACT_DIR = path.dirname(createRequire(import.meta.url).resolve('preact/package.json'));
const compat = path.join(PREACT_DIR, 'compat/dist/compat.mjs');

export const preactCompatAliases: Alias[] = [
  { find: /^react$/, replacement: compat },
  { find: /^react-dom$/, replacement: compat },
  { find: /^react-dom\/client$/, replacement: path.join(PREACT_DIR, 'compat/client.mjs') },
  // React Testing Library's act() (unit tests only).
  { find: /^react-dom\/test-utils$/, replacement: path.join(PREACT_DIR, 'test-utils/dist/testUtils.mjs') },
  // react-i18next's shim for React 17 (CommonJS): Preact's compat has the hook itself.
  { find: /^use-sync-external-store\/shim(?:\/index\.js)?$/, replacement: compat },
  { find: /^react\/jsx-runtime$/, replacement: path.join(PREACT_DIR, 'compat/jsx-runtime.mjs') },
  { find: /^react\/jsx-dev-runtime$/, replacement: path.join(PREACT_DIR, 'compat/jsx-dev-runtime.mjs') },
];

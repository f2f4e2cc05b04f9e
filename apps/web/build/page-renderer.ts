import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

/** The catalogues a painted page reads, by namespace. */
export type PageWords = Record<string, Record<string, unknown>>;

/** The painted pages' server module (src/app/render-pages.server.tsx), built and loaded. */
export interface PageRenderer {
  /** Each painted page's address, with the catalogues (namespaces) its render needs. */
  paintedPages: Record<string, readonly string[]>;
  /** Renders a painted page for one language as the app's first render would (ADR 203, 205). */
  renderPage(pathname: string, locale: 'en-US' | 'fr-FR', words: PageWords): Promise<string>;
}

/** Where the server module is written, in the build's folder: the API loads it to paint pages per request (ADR 209). */
export const SERVER_DIR = 'server';
const SERVER_MODULE = 'render-pages.server.js';

const ENTRY = 'src/app/render-pages.server.tsx';

/**
 * Builds the painted pages' server module with the app's own Vite config (`--mode prerender`: same
 * aliases, same Markdown plugin, same asset names, so a screenshot's address is the one the app
 * uses) into `<outDir>/server/`, and loads it. Every library is bundled into it (no node_modules
 * needed beside it): the API loads the same file at start to paint the signed-in pages (ADR 209).
 */
export async function buildPageRenderer(webRoot: string, outDir: string): Promise<PageRenderer> {
  await buildServerModule(webRoot, outDir);
  return (await import(pathToFileURL(path.join(outDir, SERVER_DIR, SERVER_MODULE)).href)) as PageRenderer;
}

/**
 * Builds the server module without loading it: a process that loads it gets the module's own copies
 * of zod and the contracts, whose schemas then stand beside its own in zod's registry.
 */
export async function buildServerModule(webRoot: string, outDir: string): Promise<void> {
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    mode: 'prerender',
    logLevel: 'warn',
    build: { ssr: ENTRY, outDir: path.join(outDir, SERVER_DIR), emptyOutDir: true },
  });
}

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
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

const ENTRY = 'src/app/render-pages.server.tsx';
/**
 * Inside the web workspace, so the server module finds the libraries it imports; a cache folder, so
 * nobody commits it. One folder per build, removed when the process ends: the web build and the API's
 * test of the prerendered pages may build at the same time.
 */
const OUT_DIR = 'node_modules/.cache/nest-page-renderer';

/**
 * Builds the painted pages' server module with the app's own Vite config (`--mode prerender`: same
 * aliases, same Markdown plugin, same asset names, so a screenshot's address is the one the app
 * uses) and loads it.
 */
export async function buildPageRenderer(webRoot: string): Promise<PageRenderer> {
  mkdirSync(path.join(webRoot, OUT_DIR), { recursive: true });
  const outDir = mkdtempSync(path.join(webRoot, OUT_DIR, 'build-'));
  // Kept while this process may still load its lazy chunks, then removed.
  process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    mode: 'prerender',
    logLevel: 'warn',
    build: { ssr: ENTRY, outDir, emptyOutDir: true },
  });
  return (await import(pathToFileURL(path.join(outDir, 'render-pages.server.js')).href)) as PageRenderer;
}

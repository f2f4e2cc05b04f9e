import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
/** The catalogues the landing reads, by namespace. */
export type LandingWords = Record<'common' | 'landing' | 'plans', Record<string, unknown>>;

/** Renders the landing page for one language as the app's first render would (ADR 203). */
export type LandingRenderer = (locale: 'en-US' | 'fr-FR', words: LandingWords) => string;

const ENTRY = 'src/app/render-landing.server.tsx';
/**
 * Inside the web workspace, so the server module finds React and the other libraries it leaves to
 * node_modules; a cache folder, so nobody commits it.
 */
const OUT_DIR = 'node_modules/.cache/nest-landing-renderer';

/**
 * Builds the landing's server module with the app's own Vite config (`--mode prerender`: same
 * aliases, same Markdown plugin, same asset names, so a screenshot's address is the one the app
 * uses) and loads it. Libraries stay external (Vite's default for a server build): a small, quick build.
 */
export async function buildLandingRenderer(webRoot: string): Promise<LandingRenderer> {
  const outDir = path.join(webRoot, OUT_DIR);
  rmSync(outDir, { recursive: true, force: true });
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    mode: 'prerender',
    logLevel: 'warn',
    build: { ssr: ENTRY, outDir, emptyOutDir: true },
  });
  // A fresh address each time: a second build in the same process must not get the first module.
  const file = `${pathToFileURL(path.join(outDir, 'render-landing.server.js')).href}?t=${Date.now()}`;
  const module = (await import(file)) as { renderLanding: LandingRenderer };
  return module.renderLanding;
}

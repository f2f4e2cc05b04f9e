import path from 'node:path';
import type { Page } from '@playwright/test';
import { build } from 'esbuild';

const webSrc = path.resolve(import.meta.dirname, '../../apps/web/src');
const cache = new Map<string, string>();

/**
 * Serves one module of the web app's source, bundled for the browser, at a same-origin address of the
 * page under test (so `script-src 'self'` allows it), and returns that address. Used to drive the one
 * API client in real Chromium against real network behaviour, for calls no screen makes yet.
 */
export async function serveWebModule(page: Page, relativePath: string): Promise<string> {
  let code = cache.get(relativePath);
  if (!code) {
    const result = await build({
      entryPoints: [path.join(webSrc, relativePath)],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      alias: { '@': webSrc },
      logLevel: 'silent',
    });
    code = result.outputFiles[0]!.text;
    cache.set(relativePath, code);
  }
  const address = `/__e2e__/${relativePath.replaceAll('/', '_')}.js`;
  const body = code;
  await page.route(`**${address}`, (route) => route.fulfill({ body, contentType: 'text/javascript' }));
  return address;
}

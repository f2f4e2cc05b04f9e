import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A built web app's folder for the API to serve (`WEB_DIST_DIR`), made of these files (paths inside
 * it; `assets/` exists); the caller removes it.
 */
export function writeWebDist(files: Record<string, string | Uint8Array>): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'nest-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dist, name), content);
  return dist;
}

/** A built app's index.html, small: the runtime config's meta tag, a title, the entry script, an empty root. */
export const INDEX_WITH_ENTRY = `<!doctype html>
<html lang="en-US">
  <head>
    <meta name="nest-config" content="{}" />
    <title>Nest</title>
    <script type="module" src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

// `npm run build -w apps/api`: the API as plain JavaScript for production (ADR 113). One ES module,
// dist/server.js, bundled by esbuild from src/server.ts with the workspace's contracts (TypeScript
// sources, which Node cannot load) compiled in; every npm dependency stays an import of node_modules.
// A source map sits next to it: `node --enable-source-maps apps/api/dist/server.js` reports errors at
// their TypeScript lines. The migrations are copied next to the bundle, where db/client.ts looks for
// them (beside the running module). `npm run dev` and the tests keep running the TypeScript sources.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const api = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(api, 'dist');
const { dependencies } = JSON.parse(readFileSync(path.join(api, 'package.json'), 'utf8'));
const external = Object.keys(dependencies)
  .filter((name) => !name.startsWith('@nest/'))
  .flatMap((name) => [name, `${name}/*`]);

const started = performance.now();
rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [path.join(api, 'src/server.ts')],
  outfile: path.join(dist, 'server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // Stack traces need the mappings only: without the sources' text the map is a third the size, and
  // Node reads and parses it at start (--enable-source-maps).
  sourcesContent: false,
  external,
  logLevel: 'warning',
  // Class and function names stay as written: they appear in logs and stack traces.
  keepNames: true,
});
cpSync(path.join(api, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
console.info(
  `API built into ${path.relative(process.cwd(), dist)}/ in ${Math.round(performance.now() - started)} ms`,
);

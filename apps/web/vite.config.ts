import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

/** Lazy routes and layouts of each area: their chunks are prefixed with the area ("admin-…", "links-…"). */
const AREA_MODULE =
  /(?:^|\/)src\/app\/(?:routes\/(landing|legal|admin|client|links)\/|layouts\/(admin|client)-)/;
const LOCALE_FILE = /(?:^|\/)src\/locales\/([a-z]{2}-[A-Z]{2})\/([a-z-]+)\.json$/;

/** /links/:nestLinkId, except the app's /links/404 page: the standalone link page (ADR 077). */
const LINK_PAGE_PATH = /^\/links\/(?!404\/?$)[^/]+\/?$/;

/**
 * In development, the Vite server answers /links/:nestLinkId with links.html, as the API does in
 * production (apps/api/src/plugins/spa.ts); without the server's data the page asks the API.
 */
const linkPageInDev: Plugin = {
  name: 'nest-link-page-in-dev',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const [pathname = '', query] = (req.url ?? '').split('?');
      if (LINK_PAGE_PATH.test(pathname)) req.url = `/links.html${query === undefined ? '' : `?${query}`}`;
      next();
    });
  },
};

/** Hashed text assets worth compressing (source maps are for developers: left alone). */
const COMPRESSIBLE = /^assets\/.+\.(?:js|css|json|svg)$/;

/**
 * Writes a .br and a .gz copy next to every hashed text asset of a build, once, at the highest
 * levels, so the API sends them compressed (@fastify/static's preCompressed, plugins/spa.ts) without
 * compressing on each request and without a reverse proxy: a phone on mobile data downloads the link
 * page's script at ~70 kB instead of ~250 kB (ADR 078).
 */
const precompressAssets: Plugin = {
  name: 'nest-precompress-assets',
  apply: 'build',
  writeBundle(options, bundle) {
    const outDir = options.dir ?? 'dist';
    for (const file of Object.values(bundle)) {
      if (!COMPRESSIBLE.test(file.fileName)) continue;
      const source = file.type === 'chunk' ? Buffer.from(file.code) : Buffer.from(file.source);
      if (source.length < 1024) continue;
      const target = path.join(outDir, file.fileName);
      writeFileSync(`${target}.gz`, gzipSync(source, { level: 9 }));
      writeFileSync(
        `${target}.br`,
        brotliCompressSync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
      );
    }
  },
};

const config: UserConfig = {
  plugins: [react(), tailwindcss(), linkPageInDev, precompressAssets],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
      '/readyz': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    // Translation catalogues are fetched as files (see catalogue-backend.ts), never inlined as data URLs.
    assetsInlineLimit: (file) => (LOCALE_FILE.test(file) ? false : undefined),
    rolldownOptions: {
      output: {
        // e.g. assets/admin-dashboard-route-3f2a1b.js: which area a download belongs to is visible.
        chunkFileNames: (chunk) => {
          if (chunk.facadeModuleId?.includes('/node_modules/posthog-js/')) return 'assets/posthog-[hash].js';
          const area = chunk.facadeModuleId?.match(AREA_MODULE)?.slice(1).find(Boolean);
          return area ? `assets/${area}-[name]-[hash].js` : 'assets/[name]-[hash].js';
        },
        assetFileNames: (asset) => {
          const locale = asset.originalFileNames.map((f) => f.match(LOCALE_FILE)).find(Boolean);
          // e.g. assets/locale-fr-FR-common-3f2a1b.json: recognisable in the network panel and in tests.
          return locale
            ? `assets/locale-${locale[1]}-${locale[2]}-[hash][extname]`
            : 'assets/[name]-[hash][extname]';
        },
      },
    },
  },
};

/**
 * `vite build --mode links` (the second half of `npm run build`): the public link page alone, from
 * links.html, added to the app's dist/. A build of its own, so its script is one file
 * (assets/links-<hash>.js) holding React DOM and the page, instead of a dozen chunks shared with the
 * app: on a slow phone connection every extra request costs a round trip (ADR 077).
 */
function linkPageBuild(base: UserConfig): UserConfig {
  return {
    ...base,
    build: {
      ...base.build,
      emptyOutDir: false,
      rolldownOptions: {
        ...base.build?.rolldownOptions,
        input: { links: fileURLToPath(new URL('./links.html', import.meta.url)) },
      },
    },
  };
}

export default defineConfig(({ command, mode }) => {
  // A build is always the production build, whatever NODE_ENV the caller has: the browser tests run
  // with NODE_ENV=test and must test what ships (React's production build, import.meta.env.DEV false,
  // analytics on when configured). Vite reads NODE_ENV after loading this file.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return command === 'build' && mode === 'links' ? linkPageBuild(config) : config;
});

import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { type Alias, defineConfig, type Plugin, type UserConfig } from 'vite';
import { inlineColorMode } from './build/inline-color-mode-plugin';
import { legalMarkdown } from './build/legal-markdown-plugin';
import { SERVER_DIR } from './build/page-renderer';
import { PREACT_DIR, preactCompatAliases } from './build/preact-compat';
import { preloadFont } from './build/preload-font-plugin';
import { PRERENDERED_DIR, prerenderPages } from './build/prerender-pages';

/** Lazy routes and layouts of each area: their chunks are prefixed with the area ("admin-…", "links-…"). */
const AREA_MODULE =
  /(?:^|\/)src\/app\/(?:routes\/(landing|legal|admin|client|links)\/|layouts\/(admin|client)-)/;
/**
 * The libraries every page of the app runs before its first render: Preact (as React, ADR 204), React
 * Router, TanStack Query, i18next. Only the web app's Preact: posthog-js brings its own, loaded later.
 */
const FRAMEWORK_LIBRARY =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack[\\/](?:query-core|react-query)|i18next|react-i18next|void-elements|html-parse-stringify)[\\/]|^\0(?:vite[\\/]preload-helper|rolldown[\\/]runtime)/;
const isFrameworkModule = (id: string) =>
  FRAMEWORK_LIBRARY.test(id) || id.startsWith(`${PREACT_DIR}${path.sep}`);
/** The contracts whose modules hold no schema: they go with the shell (`shared-app`), without zod. */
const SCHEMALESS_CONTRACTS = [
  'locales',
  'money',
  'intl',
  'cookies',
  'served-answer',
  'plan-catalogue',
  'nest-values',
  'payout-values',
  'account-rules',
];
const CONTRACTS_DIR = String.raw`[\\/]packages[\\/]contracts[\\/]src[\\/]`;
const SCHEMALESS_CONTRACT_MODULE = new RegExp(`${CONTRACTS_DIR}(?:${SCHEMALESS_CONTRACTS.join('|')})\\.ts$`);
/**
 * zod and the contracts that hold schemas (not the schemaless ones above, nor the index; the offline
 * counter's go with the verify screen, ADR 184).
 */
const CONTRACTS_MODULE = new RegExp(
  String.raw`[\\/]node_modules[\\/]zod[\\/]|${CONTRACTS_DIR}(?!(?:${[...SCHEMALESS_CONTRACTS, 'index', 'offline'].join('|')})\.ts$)[^\\/]+\.ts$`,
);

/**
 * Our modules that import what only some pages need: a library (Radix dialogs, sonner, QR codes,
 * analytics) or a contract whose module holds zod schemas: grouped with the shell, they would make
 * every page download it.
 * The consent code (ADR 170) and the analytics loader too: they load at idle, and only with a key.
 * A feature's dialogs and drawers (`*-dialog.tsx`, `*-drawer.tsx`) too: the plan change is opened
 * from the account page and the dashboard, and in the merchant's shared file it loaded Radix's Dialog
 * with the login page. The preferences menu's Radix DropdownMenu too: fetched when reached for (ADR 200).
 */
const OWN_CHUNK =
  /[\\/]src[\\/](?:components[\\/]ui[\\/](?:dialog|sheet|toaster)|components[\\/]layout[\\/]preferences-menu-content|lib[\\/](?:analytics[\\/](?:posthog|analytics-loader)|consent[\\/]consent))|use-qr-image|qr-|-(?:dialog|drawer)\.tsx$/;
/**
 * Radix Dialog with the internals it shares with the preferences menu's DropdownMenu (layers, focus
 * scope, portal, presence, scroll lock): one file, as before the menu existed, so a page that opens a
 * dialog makes no extra request; the menu, loaded when reached for, fetches it too (ADR 200).
 */
const RADIX_DIALOG_MODULE =
  /[\\/]node_modules[\\/](?:@radix-ui[\\/](?:primitive|react-(?:dialog|context|dismissable-layer|focus-guards|focus-scope|id|portal|presence|primitive|use-callback-ref|use-controllable-state|use-effect-event|use-escape-keydown|use-layout-effect))|aria-hidden|get-nonce|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|tslib)[\\/]/;
const MERCHANT_FEATURES =
  /[\\/]src[\\/]features[\\/](?:auth|merchants|plans|payouts|revenue|nests|offers|links|verification|merchant-customers)[\\/]/;
const CUSTOMER_FEATURES = /[\\/]src[\\/]features[\\/](?:customers|subscriptions|checkout)[\\/]/;

/** Which shared file a module of the web app goes to, or null (left to the automatic chunks). */
function sharedGroupOf(id: string): string | null {
  // What the shell and every page use besides the framework: the catalogue addresses, the paths, the
  // contracts without schemas and Radix's Slot (every button).
  if (
    SCHEMALESS_CONTRACT_MODULE.test(id) ||
    /[\\/]node_modules[\\/]@radix-ui[\\/]react-(?:slot|compose-refs)[\\/]/.test(id)
  )
    return 'shared-app';
  if (!/[\\/]apps[\\/]web[\\/]src[\\/]/.test(id) || OWN_CHUNK.test(id)) return null;
  // The centered layout frames both areas' login pages and the customer's pages.
  const shell = /[\\/]src[\\/]app[\\/](?:paths\.ts|layouts[\\/]centered-layout\.tsx)$/;
  if (/[\\/]src[\\/](?:lib|components|locales)[\\/]/.test(id) || shell.test(id)) return 'shared-app';
  if (MERCHANT_FEATURES.test(id)) return 'shared-merchant';
  if (CUSTOMER_FEATURES.test(id)) return 'shared-customer';
  return null;
}

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

/** Text files worth compressing (source maps are for developers; HTML is sent by the API's handlers). */
const COMPRESSIBLE = /\.(?:js|mjs|css|json|svg|webmanifest|txt)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Writes a .br and a .gz copy next to every text file of the build (hashed assets and the public
 * folder's files alike, however small), once, at the highest levels, so the API sends them compressed
 * (@fastify/static's preCompressed, plugins/spa.ts) without compressing on each request and without a
 * reverse proxy: a phone on mobile data downloads the link page's script at ~70 kB instead of
 * ~250 kB (ADR 078), and no file goes out raw (ADR 111). Files whose copies are already newer (the
 * link page's build runs second into the same folder) are left alone.
 */
const precompressAssets: Plugin = {
  name: 'nest-precompress-assets',
  apply: 'build',
  writeBundle(options) {
    const outDir = options.dir ?? 'dist';
    for (const file of filesUnder(outDir)) {
      // The prerendered pages are templates the API fills in and sends itself (ADR 198); the server
      // module is the API's, never sent (ADR 209).
      if (
        !COMPRESSIBLE.test(file) ||
        file.includes(`${path.sep}${PRERENDERED_DIR}${path.sep}`) ||
        file.includes(`${path.sep}${SERVER_DIR}${path.sep}`)
      ) {
        continue;
      }
      const modified = statSync(file).mtimeMs;
      if (existsSync(`${file}.br`) && statSync(`${file}.br`).mtimeMs >= modified) continue;
      const source = readFileSync(file);
      writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      writeFileSync(
        `${file}.br`,
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

/** e.g. assets/locale-fr-FR-common-3f2a1b.json: recognisable in the network panel and in tests. */
function assetFileNames(asset: { originalFileNames: readonly string[] }): string {
  const locale = asset.originalFileNames.map((f) => f.match(LOCALE_FILE)).find(Boolean);
  return locale ? `assets/locale-${locale[1]}-${locale[2]}-[hash][extname]` : 'assets/[name]-[hash][extname]';
}

const config: UserConfig = {
  plugins: [
    legalMarkdown(),
    // React's Fast Refresh needs React DOM; with Preact (ADR 204) an edit reloads the page in development.
    react({ refreshExclude: /./ }),
    tailwindcss(),
    linkPageInDev,
    inlineColorMode(),
    precompressAssets,
    // The brand typeface's Latin file, which every page's first words need (ADR 200).
    preloadFont('inter-latin-wght-normal.woff2'),
    prerenderPages(fileURLToPath(new URL('.', import.meta.url))),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...preactCompatAliases,
    ],
  },
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
        codeSplitting: {
          groups: [
            // What every page of the app runs before its first render, in one file.
            { name: 'framework', test: isFrameworkModule, priority: 2 },
            // The API's contracts with their schemas, and zod: what every page that reads the API parses with.
            { name: 'contracts', test: CONTRACTS_MODULE, priority: 2, includeDependenciesRecursively: false },
            {
              name: 'radix-dialog',
              test: RADIX_DIALOG_MODULE,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            // The web app's own modules that several pages share, in one file per area instead of dozens
            // of tiny ones. Only our modules: a library (zod, Radix, sonner) stays in its own chunk, loaded
            // by the pages that use it, and so do the modules that import one.
            {
              name: sharedGroupOf,
              debugName: 'shared',
              priority: 1,
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
          ],
        },
        // e.g. assets/admin-dashboard-route-3f2a1b.js: which area a download belongs to is visible.
        chunkFileNames: (chunk) => {
          // The shared groups' own names list every page that uses them: far too long for a file name.
          if (chunk.name.startsWith('shared')) return `assets/${chunk.name.split('~')[0]}-[hash].js`;
          if (chunk.facadeModuleId?.includes('/node_modules/posthog-js/')) return 'assets/posthog-[hash].js';
          // e.g. assets/legal-fr-FR-merchants-terms-3f2a1b.js: one legal document in one language (ADR 198).
          const legal = chunk.facadeModuleId?.match(/\/features\/legal\/documents\/(.+)\.md$/)?.[1];
          if (legal) return `assets/legal-${legal.replaceAll('/', '-')}-[hash].js`;
          const area = chunk.facadeModuleId?.match(AREA_MODULE)?.slice(1).find(Boolean);
          return area ? `assets/${area}-[name]-[hash].js` : 'assets/[name]-[hash].js';
        },
        assetFileNames,
      },
    },
  },
};

/**
 * `vite build --mode links` (the second half of `npm run build`): the public link page alone, from
 * links.html, added to the app's dist/. A build of its own, so its script is one file
 * (assets/links-<hash>.js) holding Preact (as React DOM, ADR 204) and the page, instead of a dozen
 * chunks shared with the app: on a slow phone connection every extra request costs a round trip
 * (ADR 077).
 */
function linkPageBuild(base: UserConfig): UserConfig {
  return {
    ...base,
    build: {
      ...base.build,
      emptyOutDir: false,
      rolldownOptions: {
        ...base.build?.rolldownOptions,
        // One entry, one file: none of the app's chunk groups.
        output: { ...base.build?.rolldownOptions?.output, codeSplitting: undefined },
        input: { links: fileURLToPath(new URL('./links.html', import.meta.url)) },
      },
    },
  };
}

/**
 * `vite build --mode prerender` (run by the prerendering, build/page-renderer.ts): the painted pages'
 * server module, which renders them to HTML at build time (ADR 203, 205). The app's aliases, Markdown
 * plugin and asset names (an image's hashed address is the same as in the app's build), none of the
 * client build's steps (chunk groups, compressed copies, font preload, prerendering itself).
 */
function pageRendererBuild(base: UserConfig): UserConfig {
  return {
    resolve: {
      alias: [
        // Rendered by Preact too (ADR 204): the markup the app adopts on load is Preact's own.
        { find: /^react-dom\/server$/, replacement: path.join(PREACT_DIR, 'compat/server.mjs') },
        ...((base.resolve?.alias ?? []) as Alias[]),
      ],
      // preact-render-to-string sits at the root of node_modules, next to posthog-js's Preact 10: one
      // Preact, the web app's.
      dedupe: ['preact'],
    },
    // Every library bundled, so the aliases reach their imports of React too (Node would load React itself).
    ssr: { noExternal: true },
    plugins: [legalMarkdown(), react()],
    build: {
      sourcemap: false,
      target: 'node20',
      copyPublicDir: false,
      rolldownOptions: { output: { assetFileNames } },
    },
  };
}

export default defineConfig(({ command, mode }) => {
  // A build is always the production build, whatever NODE_ENV the caller has: the browser tests run
  // with NODE_ENV=test and must test what ships (React's production build, import.meta.env.DEV false,
  // analytics on when configured). Vite reads NODE_ENV after loading this file.
  if (command === 'build') process.env.NODE_ENV = 'production';
  if (command === 'build' && mode === 'prerender') return pageRendererBuild(config);
  return command === 'build' && mode === 'links' ? linkPageBuild(config) : config;
});

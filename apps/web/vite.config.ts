import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';

/** Lazy routes and layouts of each area: their chunks are prefixed with the area ("admin-…", "links-…"). */
const AREA_MODULE =
  /(?:^|\/)src\/app\/(?:routes\/(landing|legal|admin|client|links)\/|layouts\/(admin|client)-)/;
const LOCALE_FILE = /(?:^|\/)src\/locales\/([a-z]{2}-[A-Z]{2})\/([a-z-]+)\.json$/;

const config: UserConfig = {
  plugins: [react(), tailwindcss()],
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

export default defineConfig(({ command }) => {
  // A build is always the production build, whatever NODE_ENV the caller has: the browser tests run
  // with NODE_ENV=test and must test what ships (React's production build, import.meta.env.DEV false,
  // analytics on when configured). Vite reads NODE_ENV after loading this file.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});

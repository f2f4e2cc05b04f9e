import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { preactCompatAliases } from './build/preact-compat';

/** Testing Library's ES module: its CommonJS main would require React DOM itself, past the aliases. */
const testingLibrary = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@testing-library/react/package.json')),
  'dist/@testing-library/react.esm.js',
);

export default defineConfig({
  resolve: {
    // Preact as React, as in the build (ADR 204), so the tests run what ships.
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: /^@testing-library\/react$/, replacement: testingLibrary },
      ...preactCompatAliases,
    ],
    // The ES modules of the libraries below (React Router's `node` export is CommonJS otherwise).
    conditions: ['module'],
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    // Most tests are plain logic; a test that needs a DOM says so on its first line
    // (`// @vitest-environment jsdom`), which spares the others jsdom's start-up.
    environment: 'node',
    maxWorkers: Math.max(2, availableParallelism()),
    // The libraries that import React run through Vite, and so through the aliases; Node would load
    // React itself.
    server: { deps: { inline: [/[\\/]node_modules[\\/](?:react-router|react-i18next)[\\/]/] } },
  },
});

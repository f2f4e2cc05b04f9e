import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Files that need a process of their own: one replaces a module with vi.mock; the other loads the web
 * app's page renderer, whose bundled copies of the contracts register their schemas again in zod's
 * registry, which the OpenAPI document of any app built later in that process would then miss.
 */
const isolatedFiles = [
  'test/auth/login-rate-limit.test.ts',
  'test/foundation/prerendered-pages.test.ts',
  'test/foundation/painted-app-pages.test.ts',
];

export default defineConfig({
  test: {
    // Generous: on a loaded 2-core CI machine (the scale-out tests run alongside) a test that seeds
    // several merchants through the app can take over 30 s; a hung test still fails.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default leaves one core free: on a 2-core CI machine that is one file at a time. Each
    // file has its own database (a PGlite copy or a PostgreSQL database), so files run side by side.
    maxWorkers: Math.max(2, availableParallelism()),
    globalSetup: ['test/global-setup.ts'],
    projects: [
      {
        extends: true,
        // Every file builds its own app and database, so the modules (the app's code, loaded once per
        // worker instead of once per file) can be shared: two thirds of the run was importing them.
        test: {
          name: 'api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: isolatedFiles,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'api-isolated', include: isolatedFiles } },
    ],
  },
});

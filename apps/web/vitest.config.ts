import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    // Most tests are plain logic; a test that needs a DOM says so on its first line
    // (`// @vitest-environment jsdom`), which spares the others jsdom's start-up.
    environment: 'node',
    maxWorkers: Math.max(2, availableParallelism()),
  },
});

import { defineConfig } from 'vitest/config';

/**
 * The scale-out tests (ADR 190): real API processes behind HAProxy on PostgreSQL and Redis. One file
 * at a time (each starts its own processes); they need TEST_DATABASE_URL, REDIS_URL and HAProxy.
 */
export default defineConfig({
  test: {
    include: ['test-cluster/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 240_000,
    pool: 'forks',
    fileParallelism: false,
  },
});

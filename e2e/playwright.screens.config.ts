import { defineConfig } from '@playwright/test';
import config from './playwright.config';

/**
 * `npm run screens`: the landing's product pictures (ADR 201), taken from the running product with
 * demo data and written into the web app. Its own config so the normal browser tests never run it;
 * the same server as the browser tests (a fresh build, a throwaway database, test routes on).
 */
export default defineConfig({
  ...config,
  testDir: './screens',
  testIgnore: [],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 180_000,
});

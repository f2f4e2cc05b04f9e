import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Debian's Chromium (npx playwright install cannot work here): its headless shell where installed, the
 * headless browser Playwright itself runs its tests in (ADR 222); the full browser otherwise.
 */
const headlessShell = '/usr/bin/chromium-headless-shell';
export const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');
const hasChromium = existsSync(chromiumPath);
if (!hasChromium) {
  const message = `Chromium not found at ${chromiumPath} (set CHROMIUM_PATH).`;
  if (process.env.CI) throw new Error(`${message} Browser tests cannot be skipped in CI.`);
  console.warn(`\n${'!'.repeat(72)}\n!! ${message}\n!! BROWSER TESTS ARE SKIPPED.\n${'!'.repeat(72)}\n`);
}

// One port and data folder per run, chosen once in the main process and inherited by the workers.
// Above the ports of the machine's services (NATS listens on 4222, RabbitMQ on 5672 and 4369).
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 10_000));
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'nest-e2e-'));
// The run's own web build (scripts/e2e-server.mjs), which nothing else on the machine writes; with
// E2E_SKIP_BUILD, the build already in apps/web/dist.
process.env.E2E_WEB_DIST ??= process.env.E2E_SKIP_BUILD
  ? path.resolve(import.meta.dirname, '../apps/web/dist')
  : mkdtempSync(path.join(tmpdir(), 'nest-e2e-web-'));
const port = Number(process.env.E2E_PORT);
export const baseURL = `http://127.0.0.1:${port}`;
const root = path.resolve(import.meta.dirname, '..');

/**
 * The features Playwright 1.65.1 turns off in every Chromium it launches (its own `--disable-features`).
 * Chromium keeps only the last `--disable-features` switch of its command line, so ours below must carry
 * these too; tests/shell-test-browser.spec.ts fails when Playwright's list is no longer this one.
 */
export const playwrightDisabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The address bar's suggestion popups, pages of Chromium's own (chrome://omnibox-popup.top-chrome and
 * its AI-mode variant) that it loads, in renderers of their own, for every window: every page a test
 * opens. Nothing is ever typed in an address bar here; they cost a fifth to a quarter of the browser
 * tests' CPU time (ADR 221).
 */
const omniboxPopups = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  `--disable-features=${[...playwrightDisabledFeatures, ...omniboxPopups].join(',')}`,
];

export default defineConfig({
  testDir: './tests',
  testIgnore: hasChromium ? [] : ['**/*'],
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  // One retry in CI only, and reported as "flaky" (ADR 182): a test that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: './test-results',
  use: {
    baseURL,
    // Recorded on the retry only (ADR 218): recording every test cost a quarter of the browser run.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: hasChromium
    ? {
        command: 'node scripts/e2e-server.mjs',
        cwd: root,
        url: `${baseURL}/readyz`,
        timeout: 180_000,
        reuseExistingServer: false,
        stdout: 'pipe',
        stderr: 'pipe',
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: baseURL,
          DATA_DIR: process.env.E2E_DATA_DIR,
          WEB_DIST_DIR: process.env.E2E_WEB_DIST,
          NODE_ENV: 'test',
          ENABLE_TEST_ROUTES: 'true',
          // Each test sends an address of its own (support/fixtures.ts).
          TRUST_PROXY: 'true',
          LOG_LEVEL: 'warn',
          // The painted pages' tests (ADR 209) get them painted even with the CI machine busy.
          APP_PAGE_PAINT_BUDGET_MS: '5000',
        },
      }
    : undefined,
});

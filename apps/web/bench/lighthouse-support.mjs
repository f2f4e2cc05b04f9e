// What the Lighthouse benches share (not a bench: bench.mjs runs *.bench.mjs only): a free port, a
// throwaway production build of the web app, the real server on an embedded database, an API client
// that keeps cookies, a merchant and a customer signed in, and one Lighthouse run with the default
// mobile settings.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export function buildWeb(outDir) {
  for (const args of [
    ['vite', 'build', '--outDir', outDir, '--emptyOutDir'],
    ['vite', 'build', '--mode', 'links', '--outDir', outDir],
  ]) {
    const run = spawnSync('npx', args, {
      cwd: path.join(root, 'apps/web'),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (run.status !== 0) throw new Error(`npx ${args.join(' ')} failed`);
  }
}

export async function startServer(port, webDist, dataDir) {
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      // NODE_ENV=test only because seeding needs the test routes (refused in production, ADR 023);
      // the web build is the production one.
      NODE_ENV: 'test',
      ENABLE_TEST_ROUTES: 'true',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
    },
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { child, baseUrl, webDist };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server did not become ready');
}

/** The 1, 5 and 15-minute load averages, as `uptime` prints them: every figure is reported with them. */
export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/**
 * Runs `bench(server)` against the real server on a throwaway embedded database and a throwaway
 * production build of the web app (or `BENCH_WEB_DIST` with `BENCH_SKIP_BUILD=1`), then stops the
 * server and removes what it made, whatever happened.
 */
export async function withBuiltServer(bench) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nest-bench-data-'));
  const webDist = process.env.BENCH_SKIP_BUILD
    ? process.env.BENCH_WEB_DIST
    : mkdtempSync(path.join(tmpdir(), 'nest-bench-web-'));
  let server;
  try {
    if (!webDist) throw new Error('BENCH_SKIP_BUILD needs BENCH_WEB_DIST');
    if (!process.env.BENCH_SKIP_BUILD) buildWeb(webDist);
    server = await startServer(await freePort(), webDist, dataDir);
    return await bench(server);
  } finally {
    server?.child.kill('SIGTERM');
    await new Promise((resolve) => (server ? server.child.once('exit', resolve) : resolve()));
    rmSync(dataDir, { recursive: true, force: true });
    if (!process.env.BENCH_SKIP_BUILD && webDist) rmSync(webDist, { recursive: true, force: true });
  }
}

/** Calls the API as one browser would: cookies kept between calls, JSON in and out. */
export function apiClient(baseUrl) {
  const cookies = new Map();
  async function call(method, url, body, headers = {}) {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      redirect: 'manual',
      headers: {
        origin: baseUrl,
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body && !Buffer.isBuffer(body) && !(body instanceof URLSearchParams)
          ? { 'content-type': 'application/json' }
          : {}),
        ...headers,
      },
      body:
        body === undefined
          ? undefined
          : Buffer.isBuffer(body) || body instanceof URLSearchParams
            ? body
            : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair.split('=');
      cookies.set(name, value.join('='));
    }
    if (response.status >= 400)
      throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.status === 303 || response.status === 204
      ? undefined
      : response.json().catch(() => undefined);
  }
  return { call, cookies };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export { median };

/** A merchant on a plan with a nest and an offer, and a customer subscribed to it, both signed in. */
export async function seedSessions(baseUrl) {
  const merchant = apiClient(baseUrl);
  await merchant.call('POST', '/api/v1/test/merchants', {
    email: `bench-merchant-${Date.now()}@example.test`,
    plan: 'pro',
    onboarded: true,
  });
  await merchant.call('POST', '/api/v1/nests', {
    name: 'Café Lumière',
    category: 'cafe',
    address: { line1: '12 rue des Martyrs', postal_code: '75009', city: 'Paris', country: 'FR' },
  });
  const offer = await merchant.call('POST', '/api/v1/offers', {
    name: 'Coffee club',
    description: 'A filter coffee every morning, and a pastry on Sundays.',
    grants: 'One filter coffee per day',
    amount_cents: 1200,
    interval: 'month',
  });
  const email = `bench-customer-${Date.now()}@example.test`;
  await merchant.call('POST', `/api/v1/test/offers/${offer.id}/subscribers`, {
    email,
    name: 'Inès Moreau',
    status: 'active',
  });
  const customer = apiClient(baseUrl);
  await customer.call('POST', '/api/v1/nest-customers/login', { email });
  let code;
  for (let i = 0; i < 100 && !code; i++) {
    const mails = await customer.call('GET', `/api/v1/test/mail?to=${encodeURIComponent(email)}`);
    code = mails
      .filter((m) => /sign-in code|code de connexion/.test(m.subject))
      .at(-1)
      ?.subject.match(/(\d{6})$/)?.[1];
    if (!code) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!code) throw new Error('no sign-in code was mailed to the customer');
  await customer.call('POST', '/api/v1/nest-customers/login', { email, code });
  return { merchant: merchant.cookies, customer: customer.cookies };
}

/**
 * One Lighthouse run (default config: mobile form factor and screen, simulated slow 4G at 150 ms RTT
 * and 1.6 Mbps, 4× CPU slowdown) in a fresh browser, with `cookies` set first for a signed-in page
 * (Lighthouse clears the cache and storage before it loads the page, never the cookies). `categories`
 * adds Lighthouse's other categories (accessibility, best-practices, seo) to the performance one; their
 * scores come back in `scores`, and the audits that cost them points in `failedAudits`.
 */
export async function lighthouseRun(
  url,
  { cookies = new Map(), apiPath, categories: onlyCategories = ['performance'] } = {},
) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  let browser;
  try {
    let page;
    if (cookies.size > 0) {
      browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      page = await browser.newPage();
      const { origin } = new URL(url);
      await browser.setCookie(
        ...[...cookies].map(([name, value]) => ({ name, value, url: origin, path: '/' })),
      );
    }
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories },
      undefined,
      page,
    );
    // BENCH_LHR_DIR keeps each run's whole report, to read what a summary line leaves out.
    if (process.env.BENCH_LHR_DIR) {
      mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
      const name = `${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}.json`;
      writeFileSync(path.join(process.env.BENCH_LHR_DIR, name), JSON.stringify(result.lhr));
    }
    const { audits, categories, runtimeError, finalDisplayedUrl } = result.lhr;
    // Lighthouse answers without a metric when the page could not be measured (a busy machine can miss
    // its trace): say why instead of failing on an undefined number; the caller runs it again.
    const missing = ['largest-contentful-paint', 'first-contentful-paint', 'total-blocking-time'].filter(
      (id) => typeof audits[id]?.numericValue !== 'number',
    );
    if (runtimeError || missing.length > 0) {
      const why =
        runtimeError?.message ?? missing.map((id) => `${id}: ${audits[id]?.errorMessage ?? '?'}`).join('; ');
      throw new Error(`Lighthouse could not measure the page: ${why}`);
    }
    const scripts = audits['resource-summary'].details.items.find((item) => item.resourceType === 'script');
    const requests = audits['network-requests'].details.items;
    const scriptRequests = requests.filter((r) => r.resourceType === 'Script');
    return {
      finalUrl: finalDisplayedUrl,
      lcpMs: audits['largest-contentful-paint'].numericValue,
      fcpMs: audits['first-contentful-paint'].numericValue,
      tbtMs: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      score: Math.round((categories.performance.score ?? 0) * 100),
      scriptKb: (scripts?.transferSize ?? 0) / 1024,
      scriptCount: scriptRequests.length,
      scripts: scriptRequests.map(
        (r) => `${new URL(r.url).pathname} ${(r.transferSize / 1024).toFixed(1)} KB`,
      ),
      apiPathCalls: apiPath ? requests.filter((r) => r.url.includes(apiPath)).length : 0,
      lcpElement:
        audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '?',
      // Where the LCP's time goes, as Lighthouse's simulation splits it (TTFB, load delay, load time,
      // render delay: a text or data-URL element's time is all render delay).
      lcpPhases: (audits['largest-contentful-paint-element']?.details?.items?.[1]?.items ?? []).map(
        (item) => `${item.phase} ${Math.round(item.timing)} ms`,
      ),
      // The page's own calls to the API in the order they left, with when each left and answered in
      // the observed (unthrottled) load: what waits for what before the largest paint.
      apiCalls: requests
        .filter((r) => new URL(r.url).pathname.startsWith('/api/'))
        .sort((a, b) => a.networkRequestTime - b.networkRequestTime)
        .map(
          (r) =>
            `${new URL(r.url).pathname} ${Math.round(r.networkRequestTime)}–${Math.round(r.networkEndTime)} ms`,
        ),
      scores: Object.fromEntries(
        onlyCategories.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]),
      ),
      failedAudits: failedAudits(result.lhr, onlyCategories),
    };
  } finally {
    await browser?.disconnect();
    await chrome.kill();
  }
}

/**
 * What cost points: the scored audits of `categories` that did not pass (with what they found), and
 * the performance audits that estimate a saving on FCP or LCP, as `category: audit id (score) …`.
 */
function failedAudits({ audits, categories }, ids) {
  const found = (audit) =>
    (audit.details?.items ?? [])
      .slice(0, 3)
      .map((item) => item.issueType ?? item.node?.snippet ?? item.url ?? item.label)
      .filter(Boolean)
      .join(' | ');
  const failed = ids.flatMap((id) =>
    (categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && audits[ref.id]?.score < 0.9)
      .map((ref) => {
        const audit = audits[ref.id];
        return `${id}: ${ref.id} (${audit.score})${audit.displayValue ? ` ${audit.displayValue}` : ''}${ref.id.endsWith('-contentful-paint') ? '' : ` ${found(audit)}`}`;
      }),
  );
  const savings = Object.values(audits)
    .filter((audit) => (audit.metricSavings?.LCP ?? 0) + (audit.metricSavings?.FCP ?? 0) >= 50)
    .map(
      (audit) =>
        `performance: ${audit.id} would save FCP ${audit.metricSavings.FCP ?? 0} ms, LCP ${audit.metricSavings.LCP ?? 0} ms ${found(audit)}`,
    );
  return [...failed, ...savings];
}

/** Runs Lighthouse `runs` times (again, at most twice, when a run measured nothing). */
export async function lighthouseRuns(url, runs, options, onRun) {
  const results = [];
  for (let i = 0, failures = 0; i < runs; i++) {
    let run;
    try {
      run = await lighthouseRun(url, options);
    } catch (error) {
      if (++failures > 2) throw error;
      console.warn(`run ${i + 1} measured nothing, again: ${error.message}`);
      i--;
      continue;
    }
    results.push(run);
    onRun?.(run, i);
  }
  return results;
}

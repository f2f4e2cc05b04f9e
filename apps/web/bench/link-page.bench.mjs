// The public link page's first load under Lighthouse's mobile emulation (issue 6, ADR 077/078):
// Largest Contentful Paint ≤ 2.0 s and ≤ 120 KB of JavaScript transferred. Builds the web app into a
// throwaway folder (never the shared apps/web/dist), starts the real server on it with an embedded
// database, seeds a merchant ready to sell (plan, nest with a logo, payouts, offer, link) through the
// API, then runs Lighthouse 12 (default config: mobile form factor, simulated slow 4G at 150 ms RTT and
// 1.6 Mbps, 4× CPU slowdown) RUNS times on /links/{id} and prints each run and the median.
// `npm run bench -- link-page`; BENCH_LIGHTHOUSE_RUNS (default 3), CHROMIUM_PATH (/usr/bin/chromium),
// BENCH_SKIP_BUILD=1 with BENCH_WEB_DIST=<folder> to reuse a build.
// lighthouse and chrome-launcher are devDependencies of the e2e workspace, sharp of the API (hoisted).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BUDGET = { lcpMs: 2000, scriptKb: 120 };

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function buildWeb(outDir) {
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

async function startServer(port, webDist, dataDir) {
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
    if (ready) return { child, baseUrl };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server did not become ready');
}

/** A merchant ready to sell, through the API as the browser tests do: returns the link's address. */
async function seedLink(baseUrl) {
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
    return response.status === 303 ? undefined : response.json().catch(() => undefined);
  }
  await call('POST', '/api/v1/test/merchants', {
    email: `bench-${Date.now()}@example.test`,
    plan: 'pro',
    onboarded: true,
  });
  await call('POST', '/api/v1/nests', {
    name: 'Café Lumière',
    category: 'cafe',
    address: { line1: '12 rue des Martyrs', postal_code: '75009', city: 'Paris', country: 'FR' },
  });
  const logo = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  await call('POST', '/api/v1/nests/me/logo', logo, { 'content-type': 'image/png' });
  const { url } = await call('POST', '/api/v1/nests/me/payout-account');
  const onboarding = new URL(url);
  await call(
    'POST',
    `${onboarding.pathname}${onboarding.search}`,
    new URLSearchParams({ business_name: 'Café Lumière SARL', iban: 'FR14 2004 1010 0505 0001 3M02 606' }),
  );
  const accountId = onboarding.pathname.split('/').pop();
  for (let i = 0; i < 50; i++) {
    const synced = await call('POST', `/api/v1/payout-accounts/${encodeURIComponent(accountId)}/sync`);
    if (synced?.status === 'enabled') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const offer = await call('POST', '/api/v1/offers', {
    name: 'Coffee club',
    description: 'A filter coffee every morning, and a pastry on Sundays. Cancel online at any time.',
    grants: 'One filter coffee per day, at the counter',
    amount_cents: 1200,
    interval: 'month',
    interval_count: 1,
    trial_days: 7,
  });
  const link = await call('POST', '/api/v1/links', { offer_id: offer.id, label: 'Counter' });
  const page = await call('GET', `/api/v1/public/links/${link.nest_link_id}`);
  if (page.availability !== 'open') throw new Error(`seeded link is ${page.availability}, not open`);
  return link.url;
}

async function lighthouseRun(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    // The default config: mobile form factor and screen, simulated throttling (slow 4G, 4× CPU).
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const { audits, categories, runtimeError } = result.lhr;
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
    return {
      lcpMs: audits['largest-contentful-paint'].numericValue,
      fcpMs: audits['first-contentful-paint'].numericValue,
      tbtMs: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      score: Math.round((categories.performance.score ?? 0) * 100),
      scriptKb: (scripts?.transferSize ?? 0) / 1024,
      scripts: requests
        .filter((r) => r.resourceType === 'Script')
        .map((r) => `${new URL(r.url).pathname} ${(r.transferSize / 1024).toFixed(1)} KB`),
      apiCalls: requests.filter((r) => r.url.includes('/api/v1/public/links/')).length,
      lcpElement:
        audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '?',
    };
  } finally {
    await chrome.kill();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const dataDir = mkdtempSync(path.join(tmpdir(), 'nest-bench-data-'));
const webDist = process.env.BENCH_SKIP_BUILD
  ? process.env.BENCH_WEB_DIST
  : mkdtempSync(path.join(tmpdir(), 'nest-bench-web-'));
let server;
try {
  if (!webDist) throw new Error('BENCH_SKIP_BUILD needs BENCH_WEB_DIST');
  if (!process.env.BENCH_SKIP_BUILD) buildWeb(webDist);
  server = await startServer(await freePort(), webDist, dataDir);
  const url = await seedLink(server.baseUrl);
  console.info(
    `Lighthouse ${RUNS}× on ${url} (mobile, simulated slow 4G, 4× CPU), load: ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const runs = [];
  for (let i = 0, failures = 0; i < RUNS; i++) {
    let run;
    try {
      run = await lighthouseRun(url);
    } catch (error) {
      if (++failures > 2) throw error;
      console.warn(`run ${i + 1} measured nothing, again: ${error.message}`);
      i--;
      continue;
    }
    runs.push(run);
    console.info(
      `run ${i + 1}: LCP ${run.lcpMs.toFixed(0)} ms, FCP ${run.fcpMs.toFixed(0)} ms, TBT ${run.tbtMs.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}, score ${run.score}, JS ${run.scriptKb.toFixed(1)} KB, API reads ${run.apiCalls}`,
    );
  }
  console.info(`scripts: ${runs[0].scripts.join(', ')}`);
  console.info(`LCP element: ${runs[0].lcpElement}`);
  const result = {
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    score: median(runs.map((r) => r.score)),
    scriptKb: median(runs.map((r) => r.scriptKb)),
  };
  const met = result.lcpMs <= BUDGET.lcpMs && result.scriptKb <= BUDGET.scriptKb;
  console.info(
    [
      `\n/links/{id}, median of ${RUNS} runs`,
      `  LCP                 ${Math.round(result.lcpMs)} ms`,
      `  JS transferred      ${result.scriptKb.toFixed(1)} KB`,
      `  TBT                 ${Math.round(result.tbtMs)} ms`,
      `  performance score   ${result.score}`,
      `  budget (LCP ≤ ${BUDGET.lcpMs} ms, JS ≤ ${BUDGET.scriptKb} KB): ${met ? 'met' : 'MISSED'}`,
    ].join('\n'),
  );
} finally {
  server?.child.kill('SIGTERM');
  await new Promise((resolve) => (server ? server.child.once('exit', resolve) : resolve()));
  rmSync(dataDir, { recursive: true, force: true });
  if (!process.env.BENCH_SKIP_BUILD && webDist) rmSync(webDist, { recursive: true, force: true });
}

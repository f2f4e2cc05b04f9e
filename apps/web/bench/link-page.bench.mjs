// The public link page's first load under Lighthouse's mobile emulation (issue 6, ADR 077/078):
// Largest Contentful Paint ≤ 2.0 s and ≤ 120 KB of JavaScript transferred. Builds the web app into a
// throwaway folder (never the shared apps/web/dist), starts the real server on it with an embedded
// database, seeds a merchant ready to sell (plan, nest with a logo, payouts, offer, link) through the
// API, then runs Lighthouse 12 (default config: mobile form factor, simulated slow 4G at 150 ms RTT and
// 1.6 Mbps, 4× CPU slowdown) RUNS times on /links/{id} and prints each run and the median.
// `npm run bench -- link-page`; BENCH_LIGHTHOUSE_RUNS (default 3), CHROMIUM_PATH (/usr/bin/chromium),
// BENCH_SKIP_BUILD=1 with BENCH_WEB_DIST=<folder> to reuse a build.
// lighthouse and chrome-launcher are devDependencies of the e2e workspace, sharp of the API (hoisted).
import sharp from 'sharp';
import { apiClient, lighthouseRuns, loadAverage, median, withBuiltServer } from './lighthouse-support.mjs';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const BUDGET = { lcpMs: 2000, scriptKb: 120 };

/** A merchant ready to sell, through the API as the browser tests do: returns the link's address. */
async function seedLink(baseUrl) {
  const { call } = apiClient(baseUrl);
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

await withBuiltServer(async (server) => {
  const url = await seedLink(server.baseUrl);
  console.info(`Lighthouse ${RUNS}× on ${url} (mobile, simulated slow 4G, 4× CPU), load: ${loadAverage()}`);
  const runs = await lighthouseRuns(url, RUNS, { apiPath: '/api/v1/public/links/' }, (run, i) =>
    console.info(
      `run ${i + 1}: LCP ${run.lcpMs.toFixed(0)} ms, FCP ${run.fcpMs.toFixed(0)} ms, TBT ${run.tbtMs.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}, score ${run.score}, JS ${run.scriptKb.toFixed(1)} KB, API reads ${run.apiPathCalls}`,
    ),
  );
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
});

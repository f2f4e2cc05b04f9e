// The landing page (/) under Lighthouse's mobile emulation (issue 16, ADR 201): performance ≥ 95,
// accessibility 100, best practices ≥ 95, SEO 100, in English and in French. Builds the web app into a
// throwaway folder (never the shared apps/web/dist), starts the real server on it with an embedded
// database (the landing reads the public plans), then runs Lighthouse 12 (default config: mobile form
// factor, simulated slow 4G at 150 ms RTT and 1.6 Mbps, 4× CPU slowdown; all four categories) RUNS
// times on /?lang=en and /?lang=fr, each in a fresh browser, and prints each run and the medians.
// `npm run bench -- landing`; BENCH_LIGHTHOUSE_RUNS (default 3), CHROMIUM_PATH (/usr/bin/chromium),
// BENCH_SKIP_BUILD=1 with BENCH_WEB_DIST=<folder> to reuse a build.
import { lighthouseRuns, loadAverage, median, withBuiltServer } from './lighthouse-support.mjs';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const GOAL = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 };

await withBuiltServer(async (server) => {
  const summary = [];
  for (const lang of ['en', 'fr']) {
    const url = `${server.baseUrl}/?lang=${lang}`;
    console.info(
      `\nLighthouse ${RUNS}× on ${url} (mobile, simulated slow 4G, 4× CPU), load: ${loadAverage()}`,
    );
    const runs = await lighthouseRuns(url, RUNS, { categories: CATEGORIES }, (run, i) =>
      console.info(
        `run ${i + 1}: ${CATEGORIES.map((id) => `${id} ${run.scores[id]}`).join(', ')}; LCP ${run.lcpMs.toFixed(0)} ms, FCP ${run.fcpMs.toFixed(0)} ms, TBT ${run.tbtMs.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}, JS ${run.scriptKb.toFixed(1)} KB`,
      ),
    );
    console.info(`LCP element: ${runs[0].lcpElement}`);
    const failed = [...new Set(runs.flatMap((run) => run.failedAudits))];
    console.info(`audits below 0.9 in any run: ${failed.length > 0 ? `\n  ${failed.join('\n  ')}` : 'none'}`);
    const scores = Object.fromEntries(CATEGORIES.map((id) => [id, median(runs.map((r) => r.scores[id]))]));
    summary.push({
      lang,
      scores,
      lcpMs: median(runs.map((r) => r.lcpMs)),
      fcpMs: median(runs.map((r) => r.fcpMs)),
      tbtMs: median(runs.map((r) => r.tbtMs)),
      scriptKb: median(runs.map((r) => r.scriptKb)),
    });
  }
  console.info(`\n/, median of ${RUNS} runs each (load after: ${loadAverage()})`);
  for (const { lang, scores, lcpMs, fcpMs, tbtMs, scriptKb } of summary) {
    const missed = CATEGORIES.filter((id) => scores[id] < GOAL[id]);
    console.info(
      [
        `  ?lang=${lang}: ${CATEGORIES.map((id) => `${id} ${scores[id]}`).join(', ')}`,
        `    LCP ${Math.round(lcpMs)} ms, FCP ${Math.round(fcpMs)} ms, TBT ${Math.round(tbtMs)} ms, JS ${scriptKb.toFixed(1)} KB`,
        `    goals (performance ≥ 95, accessibility 100, best practices ≥ 95, SEO 100): ${missed.length === 0 ? 'met' : `MISSED ${missed.join(', ')}`}`,
      ].join('\n'),
    );
  }
});

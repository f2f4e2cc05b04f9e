// Where a signed-in page's first load spends the main thread (issue 12): the dashboard and the
// customer's overview, each loaded RUNS times in a fresh browser context with the CPU slowed 4× (as
// Lighthouse's mobile setting does), under V8's sampling profiler. Prints the first paints observed,
// the main thread's busy time by script file, the functions with the most self time (mapped to their
// source through the build's source maps), and how many Intl formatters the page made and what they
// cost. Same build, server and sessions as the Lighthouse bench (lighthouse-support.mjs).
// `npm run bench -- first-load`; BENCH_PROFILE_RUNS (default 3), BENCH_PAGES, BENCH_PROFILE_DIR=<folder>
// keeps each .cpuprofile (Chromium's DevTools open it), BENCH_SKIP_BUILD=1 with BENCH_WEB_DIST=<folder>.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { SourceMapConsumer } from 'source-map-js';
import { CHROMIUM, loadAverage, median, seedSessions, withBuiltServer } from './lighthouse-support.mjs';

const RUNS = Number(process.env.BENCH_PROFILE_RUNS ?? 3);
const CPU_SLOWDOWN = 4;

/** Counts and times every Intl formatter the page makes (an init script, before the app's code). */
function watchIntl() {
  const made = { count: 0, ms: 0 };
  window.__nestIntl = made;
  for (const name of ['NumberFormat', 'DateTimeFormat', 'PluralRules', 'RelativeTimeFormat']) {
    const Original = Intl[name];
    // A class, so the app's `new Intl.NumberFormat(…)` still constructs.
    Intl[name] = class extends Original {
      constructor(...args) {
        const start = performance.now();
        super(...args);
        made.count += 1;
        made.ms += performance.now() - start;
      }
    };
  }
}

/** The first paints the page observed (its own clock, slowed CPU, no network throttling). */
function paints() {
  return new Promise((resolve) => {
    new PerformanceObserver((list) => {
      const last = list.getEntries().at(-1);
      resolve({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        lcp: last?.startTime ?? Number.NaN,
        intl: window.__nestIntl,
      });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/** Self time (µs) by script file and by function, from a V8 CPU profile. */
function selfTimes(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFile = new Map();
  const byFunction = new Map();
  profile.samples.forEach((id, i) => {
    const { callFrame } = nodes.get(id);
    const us = profile.timeDeltas[i] ?? 0;
    const file = callFrame.url ? new URL(callFrame.url).pathname : callFrame.functionName;
    byFile.set(file, (byFile.get(file) ?? 0) + us);
    if (!callFrame.url) return;
    const key = `${file}:${callFrame.lineNumber}:${callFrame.columnNumber}`;
    const entry = byFunction.get(key) ?? { callFrame, us: 0 };
    entry.us += us;
    byFunction.set(key, entry);
  });
  return { byFile, byFunction };
}

/** Where a built script's position comes from in the sources (its .map, next to it in the build). */
function sourceOf(webDist, callFrame, maps) {
  const file = new URL(callFrame.url).pathname;
  if (!file.startsWith('/assets/')) return `${file}:${callFrame.lineNumber + 1}`;
  if (!maps.has(file)) {
    const map = path.join(webDist, `${file}.map`);
    try {
      maps.set(file, new SourceMapConsumer(JSON.parse(readFileSync(map, 'utf8'))));
    } catch {
      maps.set(file, null);
    }
  }
  const original = maps
    .get(file)
    ?.originalPositionFor({ line: callFrame.lineNumber + 1, column: callFrame.columnNumber });
  if (!original?.source) return `${file}:${callFrame.lineNumber + 1}`;
  const source = original.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '');
  return `${source}:${original.line}${original.name ? ` (${original.name})` : ''}`;
}

const ms = (us) => `${(us / 1000).toFixed(0)} ms`;

await withBuiltServer(async (server) => {
  const sessions = await seedSessions(server.baseUrl);
  const pages = [
    { path: '/admin/app/dashboard', cookies: sessions.merchant },
    { path: '/client/app/overview', cookies: sessions.customer },
  ].filter((page) => !process.env.BENCH_PAGES || process.env.BENCH_PAGES.split(',').includes(page.path));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const maps = new Map();
  try {
    for (const page of pages) {
      console.info(
        `\n${page.path}: ${RUNS} first loads, CPU ${CPU_SLOWDOWN}× slower, profiled, load: ${loadAverage()}`,
      );
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.createBrowserContext();
        const tab = await context.newPage();
        await tab.setViewport({
          width: 412,
          height: 823,
          deviceScaleFactor: 1.75,
          isMobile: true,
          hasTouch: true,
        });
        await context.setCookie(
          ...[...page.cookies].map(([name, value]) => ({ name, value, domain: '127.0.0.1', path: '/' })),
        );
        await tab.evaluateOnNewDocument(watchIntl);
        const cdp = await tab.createCDPSession();
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
        await tab.goto(`${server.baseUrl}${page.path}`, { waitUntil: 'networkidle0' });
        const { profile } = await cdp.send('Profiler.stop');
        const seen = await tab.evaluate(paints);
        if (new URL(tab.url()).pathname !== page.path)
          throw new Error(`${page.path} redirected: not measured`);
        if (process.env.BENCH_PROFILE_DIR) {
          mkdirSync(process.env.BENCH_PROFILE_DIR, { recursive: true });
          const name = `${page.path.replaceAll('/', '_')}-${run + 1}.cpuprofile`;
          writeFileSync(path.join(process.env.BENCH_PROFILE_DIR, name), JSON.stringify(profile));
        }
        runs.push({ ...seen, ...selfTimes(profile) });
        console.info(
          `run ${run + 1}: FCP ${seen.fcp.toFixed(0)} ms, LCP ${seen.lcp.toFixed(0)} ms (observed), Intl formatters made: ${seen.intl.count} in ${seen.intl.ms.toFixed(0)} ms`,
        );
        await context.close();
      }
      // Medians by file, over the runs; the functions from the run with the median LCP.
      const files = new Set(runs.flatMap((r) => [...r.byFile.keys()]));
      const byFile = [...files]
        .map((file) => [file, median(runs.map((r) => r.byFile.get(file) ?? 0))])
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12);
      console.info('main thread by script (median self time, whole load until the network is idle):');
      for (const [file, us] of byFile) console.info(`  ${ms(us).padStart(7)}  ${file}`);
      const middle = [...runs].sort((a, b) => a.lcp - b.lcp)[Math.floor(runs.length / 2)];
      console.info('functions with the most self time (the median run):');
      const top = [...middle.byFunction.values()].sort((a, b) => b.us - a.us).slice(0, 15);
      for (const { callFrame, us } of top) {
        console.info(`  ${ms(us).padStart(7)}  ${sourceOf(server.webDist, callFrame, maps)}`);
      }
    }
  } finally {
    await browser.close();
  }
});

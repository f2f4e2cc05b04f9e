// Load generation for the server benches, in a process of its own (this file, forked): its schedule
// must not wait on the server's event loop. Both share the machine's cores, as a client on the same
// host would. Two shapes: an open loop (requests leave on a fixed schedule whether or not earlier
// ones have answered, latency counts from the scheduled instant, so a stall is not hidden) and a
// closed loop (N connections each sending the next request as soon as the previous one answered:
// the throughput a server sustains).
import { fork } from 'node:child_process';
import http from 'node:http';
import { setPriority } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { signPass } from '../src/modules/subscriptions/pass-sign.js';

const TIMEOUT_MS = 5000;
/** The nice value of an open loop's generator: the lowest priority. */
const LOWEST_PRIORITY = 19;

/** What every request of a run is: a GET, or a counter verification of the i-th subscription's pass. */
export type RequestKind =
  | { kind: 'get'; path: string; cookie?: string }
  | {
      kind: 'verify';
      pass: 'token' | 'code';
      cookie: string;
      passSecret: string;
      nestId: string;
      subscriptionIds: string[];
    };

export type LoadOrder = { port: number; request: RequestKind } & (
  | {
      shape: 'open';
      rate: number;
      count: number;
      /**
       * Requests sent first on the same schedule and not counted: the generator's own warm-up (a
       * fresh process: its compiled code, its connections to the server).
       */
      warmup?: number;
    }
  | { shape: 'closed'; connections: number; durationMs: number }
);

export interface LoadResult {
  /** Latencies of the 200 answers, sorted (ms). */
  latencies: number[];
  errors: number;
  seconds: number;
  /** When the counted requests began (ms since the epoch, comparable across processes). */
  measuredFrom: number;
  /**
   * The generator's own CPU time over its whole life (s), read by itself before it answers: by the
   * time a bench reads /proc again, the process may be gone, and its time with it.
   */
  cpuSeconds?: number;
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

function send(agent: http.Agent, port: number, request: RequestKind, i: number): Promise<number> {
  return new Promise((resolve) => {
    let body: string | undefined;
    let options: http.RequestOptions;
    if (request.kind === 'get') {
      options = {
        method: 'GET',
        path: request.path,
        headers: request.cookie ? { cookie: request.cookie } : {},
      };
    } else {
      const id = request.subscriptionIds[i % request.subscriptionIds.length] as string;
      const pass = signPass(request.passSecret, { nestId: request.nestId, subscriptionId: id });
      body = JSON.stringify(request.pass === 'token' ? { token: pass.token } : { code: pass.code });
      options = {
        method: 'POST',
        path: '/api/v1/nests/me/verifications',
        headers: {
          cookie: request.cookie,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      };
    }
    const req = http.request(
      { host: '127.0.0.1', port, agent, timeout: TIMEOUT_MS, ...options },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(0));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

async function openLoop(order: LoadOrder & { shape: 'open' }): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const latencies: number[] = [];
  let errors = 0;
  const warmup = order.warmup ?? 0;
  const start = performance.now() + 10;
  const measuredStart = start + (warmup * 1000) / order.rate;
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < warmup + order.count; i++) {
    const due = start + (i * 1000) / order.rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const counted = i >= warmup;
    inFlight.push(
      send(agent, order.port, order.request, i).then((status) => {
        if (!counted) return;
        if (status === 200) latencies.push(performance.now() - due);
        else errors++;
      }),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    latencies,
    errors,
    seconds: (performance.now() - measuredStart) / 1000,
    measuredFrom: performance.timeOrigin + measuredStart,
  };
}

async function closedLoop(order: LoadOrder & { shape: 'closed' }): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: order.connections });
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const start = performance.now();
  const end = start + order.durationMs;
  const connection = async () => {
    while (performance.now() < end) {
      const sent = performance.now();
      const status = await send(agent, order.port, order.request, next++);
      if (status === 200) latencies.push(performance.now() - sent);
      else errors++;
    }
  };
  await Promise.all(Array.from({ length: order.connections }, connection));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    latencies,
    errors,
    seconds: (performance.now() - start) / 1000,
    measuredFrom: performance.timeOrigin + start,
  };
}

const ORDER_ENV = 'NEST_BENCH_LOAD_ORDER';

/** Runs one load in a fresh process and answers what it measured. */
export function runLoad(order: LoadOrder): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // The order goes by IPC: a long list of subscriptions would not fit in the environment.
    const child = fork(fileURLToPath(import.meta.url), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, [ORDER_ENV]: '1' },
    });
    // An open loop stands for clients on other machines: it runs at the lowest priority, so it takes
    // only the CPU the server and its database leave (ADR 213). A closed loop is part of the saturated
    // system by design (the same for both sides of a comparison) and keeps the default priority.
    if (order.shape === 'open' && child.pid !== undefined) setPriority(child.pid, LOWEST_PRIORITY);
    child.send(order);
    child.once('message', (result) => resolve(result as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
    });
  });
}

if (process.env[ORDER_ENV] && process.send) {
  process.once('message', async (order: LoadOrder) => {
    const result = order.shape === 'open' ? await openLoop(order) : await closedLoop(order);
    const { user, system } = process.cpuUsage();
    process.send?.({ ...result, cpuSeconds: (user + system) / 1e6 }, () => process.exit(0));
  });
}

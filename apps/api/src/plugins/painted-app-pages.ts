import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Locale } from '@nest/contracts';
import type { FastifyBaseLogger } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Where the web build writes its server module and the page it fills (apps/web/build). */
const SERVER_MODULE = 'server/render-pages.server.js';
const TEMPLATE = 'prerendered/app-page.html';

/** The root the app adopts (apps/web/src/lib/router-ready.ts, PAINTED_ROOT_ATTRIBUTE). */
const PAINTED_ROOT_ATTRIBUTE = 'data-prerendered';

/** One of the page's calls, as the render asks for it and as the API answers it. */
export interface PageCall {
  url: string;
  method: string;
}
export interface PageAnswer {
  status: number;
  contentType: string | undefined;
  body: string;
}
export type PageCaller = (call: PageCall) => Promise<PageAnswer>;

export interface PaintedHtml {
  /** #root with the page's markup, marked with its language. */
  root: string;
  /** The app's query cache, dehydrated: JSON for a `<script type="application/json">`. */
  state: unknown;
}

/**
 * The worker's code (a script, so no file has to ship beside the API's bundle): it loads the web
 * build's server module (apps/web/src/app/render-pages.server.tsx) and paints the pages it is asked
 * for. Each render's calls come back to the API's thread, which answers them through the app itself.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const renderer = import(workerData.moduleUrl);
let nextCall = 0;
const calls = new Map();
parentPort.on('message', async (message) => {
  if (message.type === 'answer') {
    const resolve = calls.get(message.callId);
    calls.delete(message.callId);
    if (resolve) resolve(message.answer);
    return;
  }
  if (message.type === 'pages') {
    const module = await renderer.catch(() => undefined);
    parentPort.postMessage({ type: 'pages', pages: module ? module.appPages : [] });
    return;
  }
  const { paintId, pathname, locale } = message;
  const fetch = (input, init) =>
    new Promise((resolve) => {
      const callId = nextCall++;
      calls.set(callId, (answer) =>
        resolve(
          new Response(answer.status === 204 || answer.status === 304 ? null : answer.body, {
            status: answer.status,
            headers: answer.contentType ? { 'content-type': answer.contentType } : {},
          }),
        ),
      );
      const url = typeof input === 'string' ? input : input.url ?? String(input);
      parentPort.postMessage({ type: 'call', paintId, callId, call: { url, method: (init && init.method) || 'GET' } });
    });
  try {
    const module = await renderer;
    const painted = await module.renderAppPage(pathname, locale, fetch, workerData.config);
    parentPort.postMessage({ type: 'painted', paintId, painted });
  } catch (error) {
    parentPort.postMessage({ type: 'painted', paintId, painted: null, error: String(error && error.stack || error) });
  }
});
`;

type WorkerMessage =
  | { type: 'pages'; pages: string[] }
  | { type: 'call'; paintId: number; callId: number; call: PageCall }
  | { type: 'painted'; paintId: number; painted: { html: string; state: unknown } | null; error?: string };

interface Paint {
  caller: PageCaller;
  done(painted: { html: string; state: unknown } | null): void;
}

/**
 * The painter of the signed-in pages (ADR 209), when the build has its server module. The module runs
 * in a worker thread of its own: a render is tens of milliseconds of CPU that the API's event loop
 * does not wait on, and the module's own copies of the libraries (zod and the contracts' schemas,
 * React's) never meet the API's. Started on first use, or by `warm()`; restarted if it dies.
 */
export class AppPagePainter {
  private worker: Worker | undefined;
  private pages: Promise<readonly string[]> | undefined;
  private nextPaint = 0;
  private readonly running = new Map<number, Paint>();
  private readonly moduleUrl: string;

  private constructor(
    modulePath: string,
    readonly template: string,
    private readonly log: FastifyBaseLogger,
    private readonly budgetMs: number,
    private readonly config: Record<string, unknown>,
  ) {
    this.moduleUrl = pathToFileURL(modulePath).href;
  }

  /**
   * The painter of the build in `root`, or undefined when the build has no server module or painting
   * is off. `config` is the runtime configuration the API writes into its pages, which the render reads
   * as the browser does. A page taking longer than `budgetMs` to paint goes out unpainted, as before ADR 209: the
   * visitor is not kept waiting for the server's render of what the browser can render itself.
   */
  static of(
    root: string,
    log: FastifyBaseLogger,
    options: { budgetMs: number; config: Record<string, unknown> },
  ): AppPagePainter | undefined {
    const modulePath = path.join(root, SERVER_MODULE);
    const templatePath = path.join(root, TEMPLATE);
    if (options.budgetMs === 0 || !existsSync(modulePath) || !existsSync(templatePath)) return undefined;
    const template = readFileSync(templatePath, 'utf8');
    return new AppPagePainter(modulePath, template, log, options.budgetMs, options.config);
  }

  /** Starts the worker and loads the module ahead of the first signed-in page. */
  warm(): void {
    void this.paintedPages();
  }

  /** Whether `pathname` is one of the signed-in pages painted per request. */
  async paints(pathname: string): Promise<boolean> {
    return (await this.paintedPages()).includes(pathname);
  }

  /**
   * The page painted for one visitor, its calls answered by `caller`; null when not painted (too slow,
   * a guard's redirect, a failed call, no worker).
   */
  async paint(pathname: string, locale: Locale, caller: PageCaller): Promise<PaintedHtml | null> {
    const worker = this.start();
    const paintId = this.nextPaint++;
    const painted = await new Promise<{ html: string; state: unknown } | null>((resolve) => {
      const timer = setTimeout(() => finish(null), this.budgetMs);
      const finish = (result: { html: string; state: unknown } | null) => {
        clearTimeout(timer);
        this.running.delete(paintId);
        resolve(result);
      };
      this.running.set(paintId, { caller, done: finish });
      worker.postMessage({ type: 'paint', paintId, pathname, locale });
    });
    if (!painted) return null;
    return {
      root: `<div id="root" ${PAINTED_ROOT_ATTRIBUTE}="${locale}">${painted.html}</div>`,
      state: painted.state,
    };
  }

  /** Stops the worker (the app is closing). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.pages = undefined;
    await worker?.terminate();
  }

  private paintedPages(): Promise<readonly string[]> {
    if (!this.pages) {
      const worker = this.start();
      this.pages = new Promise((resolve) => {
        const onMessage = (message: WorkerMessage) => {
          if (message.type !== 'pages') return;
          worker.off('message', onMessage);
          resolve(message.pages);
        };
        worker.on('message', onMessage);
        worker.once('exit', () => resolve([]));
        worker.postMessage({ type: 'pages' });
      });
    }
    return this.pages;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { moduleUrl: this.moduleUrl, config: this.config },
      // The API's own loader flags (tsx in development) are not the module's: it is plain JavaScript.
      execArgv: [],
    });
    // A worker waiting for pages never keeps the process alive.
    worker.unref();
    worker.on('message', (message: WorkerMessage) => this.onMessage(worker, message));
    worker.on('error', (error) => this.log.error({ err: error }, 'the page painter stopped'));
    worker.once('exit', () => {
      if (this.worker === worker) {
        this.worker = undefined;
        this.pages = undefined;
      }
      for (const paint of this.running.values()) paint.done(null);
    });
    this.worker = worker;
    return worker;
  }

  private onMessage(worker: Worker, message: WorkerMessage): void {
    if (message.type === 'call') {
      const paint = this.running.get(message.paintId);
      const answer = paint
        ? paint.caller(message.call)
        : Promise.resolve<PageAnswer>({ status: 503, contentType: undefined, body: '' });
      void answer
        .catch((): PageAnswer => ({ status: 503, contentType: undefined, body: '' }))
        .then((settled) => worker.postMessage({ type: 'answer', callId: message.callId, answer: settled }));
    } else if (message.type === 'painted') {
      if (message.error) this.log.warn({ error: message.error }, 'page not painted');
      this.running.get(message.paintId)?.done(message.painted);
    }
  }
}

/**
 * A painted page is tens of kilobytes of markup and data, made per request: compressed on the way out
 * (brotli at a fast quality, else gzip), as the build's precompressed files are.
 */
export async function compressPage(
  html: string,
  encoding: 'br' | 'gzip' | undefined,
): Promise<string | Buffer> {
  if (encoding === 'br') {
    return brotli(html, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: html.length },
    });
  }
  if (encoding === 'gzip') return gzipped(html, { level: 6 });
  return html;
}

import { Worker } from 'node:worker_threads';

/**
 * Kills this process (SIGKILL) after `ms`, from a worker thread: unlike a timer of the main thread,
 * it fires even when the main thread's event loop is blocked (ADR 180). The worker does not keep
 * the process alive.
 */
export function armExitWatchdog(ms: number): void {
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), workerData.ms);`,
    // Without the process's flags (a loader such as tsx): the worker needs nothing, and must start
    // even though the main thread may never answer it again.
    { eval: true, execArgv: [], workerData: { pid: process.pid, ms } },
  );
  worker.unref();
}

import pino from 'pino';

/** Log lines kept in memory while stdout is not being read; beyond this, new lines are dropped. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
/** At exit, how long the last lines may wait for a slow reader of stdout before they are given up. */
const EXIT_FLUSH_MS = 2_000;
/**
 * Lines are gathered until this many bytes before one write (ADR 212): a write per line was a
 * system call and a wake of libuv's thread for each, about 8 µs of CPU per request at the benches'
 * rates. Below the size, FLUSH_EVERY_MS bounds how late a line reaches stdout.
 */
const WRITE_AT_BYTES = 4096;
const FLUSH_EVERY_MS = 100;

export type LogStream = ReturnType<typeof pino.destination>;

/**
 * The server's log destination: stdout, written asynchronously (ADR 180). pino's default writes
 * synchronously and, when the reader of stdout stops reading (a full pipe), sleeps and retries on
 * the event loop forever: the process then answers nothing and never finishes a shutdown. Here a
 * full pipe only delays lines (kept up to MAX_BUFFERED_BYTES, dropped beyond), and the synchronous
 * flush pino does at exit gives up after EXIT_FLUSH_MS. Lines are written in batches, at most
 * FLUSH_EVERY_MS late; the exit flush writes the last ones. `dest` is another file for the benches
 * (`/dev/null`: the production logger's cost without its output).
 */
export function createLogStream(dest: number | string = process.stdout.fd): LogStream {
  let exitFlushDeadline = 0;
  const stream = pino.destination({
    // Through process.stdout, which puts a pipe in non-blocking mode: a write to a full pipe then
    // fails at once and is retried later, instead of holding one of libuv's threads until the
    // reader reads (and the exit, which waits for those threads, with it).
    dest,
    sync: false,
    minLength: WRITE_AT_BYTES,
    maxLength: MAX_BUFFERED_BYTES,
    retryEAGAIN: () => exitFlushDeadline === 0 || Date.now() < exitFlushDeadline,
  });
  const flushSync = stream.flushSync.bind(stream);
  stream.flushSync = () => {
    exitFlushDeadline = Date.now() + EXIT_FLUSH_MS;
    try {
      flushSync();
    } catch {
      // The reader is gone or stuck: the lines still buffered are lost, the exit is not.
    } finally {
      exitFlushDeadline = 0;
    }
  };
  // sonic-boom's own `periodicFlush` writes even when nothing is gathered (an empty write each time:
  // 30–40 ms of CPU every 10 s on an idle server). Here the first line gathered after a write arms one
  // timer, which writes what waits: an idle server is not woken at all (ADR 216).
  let timer: NodeJS.Timeout | undefined;
  const flushGathered = () => {
    timer = undefined;
    if (gatheredBytes(stream) > 0) stream.flush();
  };
  const write = stream.write.bind(stream);
  stream.write = (data: string) => {
    const belowHighWater = write(data);
    if (timer === undefined && gatheredBytes(stream) > 0) {
      timer = setTimeout(flushGathered, FLUSH_EVERY_MS);
      timer.unref();
    }
    return belowHighWater;
  };
  stream.once('close', () => clearTimeout(timer));
  return stream;
}

/**
 * The bytes sonic-boom holds and has not written yet (`_len`; it has no public count), none once it is
 * destroyed (a flush would throw). Should a new version rename them, nothing would be flushed early,
 * and the test of a lone line fails.
 */
function gatheredBytes(stream: LogStream): number {
  const state = stream as unknown as { _len?: number; destroyed?: boolean };
  return state.destroyed ? 0 : (state._len ?? 0);
}

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request on a fresh connection (no keep-alive pool), so each call really connects anew. */
export function request(port: number, urlPath: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
  });
}

/**
 * A server process started the way `npm start` starts it, with its log lines collected. Start-up
 * (tsx, PGlite's WebAssembly, migrations) can take a minute on a loaded CI machine: waits are long.
 */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  logs: Record<string, unknown>[];
  exited: Promise<number | null>;
  /** What the process wrote to stderr so far. */
  stderr(): string;
  waitForLog(predicate: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<void>;
}

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  let buffered = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line));
      } catch {
        logs.push({ msg: line });
      }
    }
    for (const waiter of waiters) waiter();
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitForLog = (predicate: (line: Record<string, unknown>) => boolean, timeoutMs = 150_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (logs.some(predicate)) {
          cleanup();
          resolve();
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`log line not seen in ${timeoutMs} ms; stderr: ${stderr}`));
      }, timeoutMs);
      const onExit = () => {
        cleanup();
        reject(new Error(`the server exited early; stderr: ${stderr}`));
      };
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
        child.off('exit', onExit);
      };
      waiters.add(check);
      child.once('exit', onExit);
      check();
    });
  return { child, port, logs, exited, stderr: () => stderr, waitForLog };
}

/** An empty database on TEST_DATABASE_URL's server for a child process to use; drop() removes it. */
export async function createScratchPostgres(serverUrl: string) {
  const name = `nest_proc_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    /** Connections still open to the database (a process that closed its pool leaves none). */
    connections: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      const result = await client.query(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [name],
      );
      await client.end();
      return result.rows[0].n as number;
    },
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

// The cluster harness (ADR 190): several API processes against one PostgreSQL and one Redis, behind
// HAProxy, all on loopback. `npm run cluster` runs it for a person; the scale-out tests and the
// cluster benchmark drive it from code. It runs the very commands the container images run
// (Dockerfile, compose.yaml, deploy/haproxy.cfg), and a test keeps those files in step with it.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, closeSync, existsSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** How an API process starts: `npm start`'s production command, the Dockerfile's CMD. */
export const API_COMMAND = ['node', '--enable-source-maps', 'apps/api/dist/server.js'];
/** The path the load balancer (and the container's HEALTHCHECK) probes. */
export const HEALTH_PATH = '/readyz';
/** The port an API process listens on inside a container. */
export const CONTAINER_API_PORT = 3000;
/** The load balancer's port in compose.yaml. */
export const CONTAINER_LB_PORT = 8080;

/**
 * The environment every API process of a cluster gets, whatever runs it (this harness or
 * compose.yaml): the same names, so the two cannot drift. `jobs` turns the job runner on or off.
 */
export function apiEnvironment({ databaseUrl, redisUrl, sessionSecret, publicUrl, jobs, port, host }) {
  return {
    NODE_ENV: 'production',
    HOST: host,
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    SESSION_SECRET: sessionSecret,
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: 'true',
    JOBS_ENABLED: jobs ? 'true' : 'false',
    WEB_DIST_DIR: 'apps/web/dist',
  };
}

/**
 * HAProxy's configuration for a list of API servers: round robin, health checks on /readyz every
 * second (out after 2 failures, back after 2 successes), and retries only where a retry cannot run
 * a request twice: any request whose connection failed (it never reached a process), and GET/HEAD
 * requests that got no response at all (a process killed mid-answer). A POST that reached a process
 * is never replayed.
 */
export function haproxyConfig({ bind, servers, dockerDns = false, statsSocket = null }) {
  // In containers the servers are names Docker's DNS resolves, again when a container restarts with
  // another address; HAProxy starts even while one is not up yet.
  const resolvers = dockerDns
    ? `
resolvers docker
  nameserver dns 127.0.0.11:53
  hold valid 10s
`
    : '';
  const serverOptions = dockerDns ? ' resolvers docker init-addr last,libc,none' : '';
  return `# Generated from scripts/cluster/harness.mjs (haproxyConfig); a test keeps this copy in step.
global
  maxconn 4096
  log stdout format raw local0 info${statsSocket ? `\n  stats socket ${statsSocket} mode 600 level user` : ''}

defaults
  mode http
  log global
  option httplog
  option forwardfor
  option redispatch
  retries 3
  retry-on conn-failure empty-response
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  timeout queue 10s
${resolvers}
frontend nest
  bind ${bind}
  default_backend api

backend api
  balance roundrobin
  http-request disable-l7-retry unless METH_GET
  option httpchk GET ${HEALTH_PATH}
  http-check expect status 200
  default-server inter 1s fastinter 500ms fall 2 rise 2${serverOptions}
${servers.map((s) => `  server ${s.name} ${s.address} check`).join('\n')}
`;
}

/** A free TCP port on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** HAProxy's view of each API server (`UP`, `DOWN`, `MAINT`…), asked on its stats socket. */
function serverStatuses(socketPath) {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    let text = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write('show stat\n'));
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const [header, ...rows] = text.trim().split('\n');
      const columns = header.replace(/^# /, '').split(',');
      const [proxy, server, status] = ['pxname', 'svname', 'status'].map((name) => columns.indexOf(name));
      const statuses = {};
      for (const row of rows) {
        const cells = row.split(',');
        if (cells[proxy] === 'api' && !['FRONTEND', 'BACKEND'].includes(cells[server]))
          statuses[cells[server]] = cells[status];
      }
      resolve(statuses);
    });
  });
}

/**
 * Waits until HAProxy routes to the server `name` (its health checks saw it up twice): a process
 * that answers its own port may still be out of the rotation for a second or two.
 */
async function waitRoutable(socketPath, name, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let last = 'unknown';
  while (Date.now() < deadline) {
    try {
      last = (await serverStatuses(socketPath))[name] ?? 'missing';
      if (last === 'UP') return;
    } catch (error) {
      last = String(error.code ?? error.message);
    }
    await sleep(100);
  }
  throw new Error(`HAProxy did not route to ${name} within ${timeoutMs} ms (last: ${last})`);
}

/** Waits until `url` answers 200 (or `status`), or fails after `timeoutMs`. */
export async function waitFor(url, { timeoutMs = 60_000, status = 200 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === status) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = String(error.cause?.code ?? error.message);
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms (last: ${last})`);
}

function exited(child) {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Whether the API and the web app are built (the harness runs the built API, as production does). */
export function ensureBuilt() {
  const bundle = path.join(root, 'apps/api/dist/server.js');
  const web = path.join(root, 'apps/web/dist/index.html');
  if (existsSync(bundle) && existsSync(web)) return;
  // The lock the browser tests' server builds under (scripts/e2e-server.mjs): two builds writing
  // apps/web/dist at once leave a mix of both.
  const build = spawnSync('flock', ['/tmp/nest-web-build.lock', 'npm', 'run', 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('npm run build failed');
}

/** Whether HAProxy is installed (Debian: `apt-get install haproxy`). */
export function haproxyPath() {
  const found = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

/**
 * Starts the cluster: `processes` API processes (the job runner on the first only, unless `jobs` says
 * otherwise) and HAProxy in front, each process's output in `dir/logs/api-N.log` (appended across
 * restarts) and HAProxy's in `dir/logs/haproxy.log`. Answers handles to kill and restart processes.
 */
export async function startCluster({
  processes = 2,
  databaseUrl,
  redisUrl,
  sessionSecret,
  dir,
  lbPort,
  jobs = (index) => index === 0,
  extraEnv = {},
}) {
  if (!databaseUrl) throw new Error('A cluster needs DATABASE_URL (PostgreSQL): PGlite serves one process.');
  const haproxy = haproxyPath();
  if (!haproxy) throw new Error('HAProxy is not installed (apt-get install -y haproxy).');
  mkdirSync(path.join(dir, 'logs'), { recursive: true });
  const port = lbPort ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const apis = [];
  for (let index = 0; index < processes; index++) {
    apis.push({ index, name: `api${index + 1}`, port: await freePort(), child: null });
  }

  const spawnApi = (api) => {
    const log = openSync(path.join(dir, 'logs', `${api.name}.log`), 'a');
    const [command, ...args] = API_COMMAND;
    const child = spawn(command === 'node' ? process.execPath : command, args, {
      cwd: root,
      stdio: ['ignore', log, log],
      env: {
        PATH: process.env.PATH,
        ...apiEnvironment({
          databaseUrl,
          redisUrl,
          sessionSecret,
          publicUrl: url,
          jobs: jobs(api.index),
          port: api.port,
          host: '127.0.0.1',
        }),
        WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
        LOG_LEVEL: 'warn',
        ...extraEnv,
      },
    });
    closeSync(log);
    api.child = child;
    return waitFor(`http://127.0.0.1:${api.port}${HEALTH_PATH}`);
  };

  // One migrates, the others wait on the advisory lock (db/client.ts).
  await Promise.all(apis.map(spawnApi));

  const config = path.join(dir, 'haproxy.cfg');
  const statsSocket = path.join(dir, 'haproxy.sock');
  writeFileSync(
    config,
    haproxyConfig({
      bind: `127.0.0.1:${port}`,
      servers: apis.map((api) => ({ name: api.name, address: `127.0.0.1:${api.port}` })),
      statsSocket,
    }),
  );
  const lbLog = openSync(path.join(dir, 'logs', 'haproxy.log'), 'a');
  const lb = spawn(haproxy, ['-f', config, '-db'], { stdio: ['ignore', lbLog, lbLog] });
  closeSync(lbLog);
  await waitFor(`${url}${HEALTH_PATH}`, { timeoutMs: 20_000 });
  for (const api of apis) await waitRoutable(statsSocket, api.name);

  return {
    url,
    apis,
    /** Sends a signal to one API process and waits for it to exit. */
    async kill(index, signal = 'SIGKILL') {
      const { child } = apis[index];
      child.kill(signal);
      await exited(child);
      return { code: child.exitCode, signal: child.signalCode };
    },
    /** Starts a stopped API process again on its port; resolves once HAProxy routes to it. */
    async start(index) {
      await spawnApi(apis[index]);
      await waitRoutable(statsSocket, apis[index].name);
    },
    /** Resolves when an API process has exited (killed, crashed or stopped), with how it ended. */
    async exited(index) {
      const { child } = apis[index];
      await exited(child);
      return { code: child.exitCode, signal: child.signalCode };
    },
    /** Stops every process: SIGTERM to the APIs (they drain), then HAProxy. */
    async stop() {
      await Promise.all(
        apis.map(async ({ child }) => {
          if (!child || child.exitCode !== null || child.signalCode !== null) return;
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
          await exited(child);
          clearTimeout(timer);
        }),
      );
      lb.kill('SIGTERM');
      await exited(lb);
    },
  };
}

const POSTGRES_BIN = () => {
  const found = spawnSync('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1'], {
    encoding: 'utf8',
  });
  return found.stdout.trim();
};

/**
 * A PostgreSQL server of its own in `dir` on a free port (initdb, then pg_ctl), for tests that stop
 * and restart the database without touching the machine's shared one. Runs as the `postgres` user
 * when started by root (PostgreSQL refuses to run as root).
 */
export async function startPrivatePostgres(dir) {
  const bin = POSTGRES_BIN();
  if (!bin || !existsSync(path.join(bin, 'pg_ctl'))) throw new Error('PostgreSQL server binaries not found');
  const port = await freePort();
  const data = path.join(dir, 'pgdata');
  mkdirSync(dir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  const run = (command, args) => {
    const full = path.join(bin, command);
    const result = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', full, ...args], { encoding: 'utf8' })
      : spawnSync(full, args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  if (asRoot) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim();
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim();
    chownSync(dir, Number(ids), Number(gid));
  }
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const server = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () =>
      run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'postgres.log'), '-w', 'start']),
    stop: (mode = 'fast') => run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']),
  };
  server.start();
  return server;
}

/** The API services of compose.yaml, by name. */
export const COMPOSE_API_SERVICES = ['api1', 'api2'];

/** deploy/haproxy.cfg: the same configuration, for the containers of compose.yaml. */
export function composeHaproxyConfig() {
  return haproxyConfig({
    bind: `:${CONTAINER_LB_PORT}`,
    servers: COMPOSE_API_SERVICES.map((name) => ({ name, address: `${name}:${CONTAINER_API_PORT}` })),
    dockerDns: true,
  });
}

// `npm run demo`: a demo merchant on the Pro plan with a year of history, in the embedded database
// (DATA_DIR, default ./.data) or DATABASE_URL. Refuses a data folder a running server holds (its lock
// file). DEMO_CUSTOMERS (default 240) and DEMO_DAYS (default 365) set the size; DEMO_EMAIL the login.
// How the year is made: ADR 145.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { installShiftedClock } from '../src/demo/shifted-clock.js';

const DAY = 24 * 60 * 60 * 1000;
const days = Number(process.env.DEMO_DAYS ?? 365);
const customers = Number(process.env.DEMO_CUSTOMERS ?? 240);
if (!Number.isInteger(days) || days < 1 || days > 400 || !Number.isInteger(customers) || customers < 1) {
  console.error('DEMO_DAYS must be 1–400 and DEMO_CUSTOMERS a positive integer.');
  process.exit(1);
}
const email = process.env.DEMO_EMAIL ?? `demo-${randomBytes(3).toString('hex')}@example.com`;
const password = `demo-${randomBytes(9).toString('base64url')}`;

// The demo's own process: quiet logs, no background job runner (the demo drains the queue itself),
// mail written nowhere (the demo's customers are made up).
process.env.LOG_LEVEL ??= 'warn';
process.env.JOBS_ENABLED = 'false';
process.env.PAYMENT_PROVIDER ??= 'sandbox';
if (process.env.PAYMENT_PROVIDER !== 'sandbox') {
  console.error('The demo runs on the sandbox (PAYMENT_PROVIDER=sandbox): it never charges real cards.');
  process.exit(1);
}

const started = performance.now();
const clock = installShiftedClock(Date.now() - days * DAY);
const { loadConfig } = await import('../src/config.js');
const { DataFolderLockedError, openDatabase } = await import('../src/db/client.js');
const { buildApp } = await import('../src/app.js');
const { runDemo } = await import('../src/demo/run-demo.js');

const config = loadConfig();
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase(config);
} catch (error) {
  if (error instanceof DataFolderLockedError) {
    console.error(
      `${error.message}\nStop the server (npm start) first: the embedded database takes one process.`,
    );
    process.exit(1);
  }
  throw error;
}
const sent: unknown[] = [];
const app = await buildApp({
  config,
  database,
  mailer: { send: async (message) => void sent.push(message), outbox: () => [] },
});
await app.ready();
try {
  const result = await runDemo(app, clock, {
    email,
    password,
    customers,
    days,
    log: (line) => console.info(`  ${line}`),
  });
  clock.restore();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.info(
    `\nDemo ready in ${seconds} s: ${result.checkouts} customers, ${result.checkIns} check-ins, ` +
      `${result.recoveries} card updates after a failed renewal, ${result.cancellations} cancellations, ` +
      `${result.refunds} refunds, ${result.rewardsRedeemed} rewards handed over.\n\n` +
      `  Sign in at ${config.publicUrl}/admin/login\n  email:    ${email}\n  password: ${password}\n\n` +
      (config.DATABASE_URL ? '' : 'Start the app with `npm start`.\n'),
  );
} finally {
  await app.close();
  await database.close();
}

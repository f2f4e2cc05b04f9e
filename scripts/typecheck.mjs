// `npm run typecheck`: every workspace's `tsc --noEmit`, two at a time. tsc uses one core, and the
// API's check alone takes as long as the three others together (about 50 of the 90 s they took one
// after another on this 2-core machine), so it runs beside them. Each workspace's output is printed
// whole when it ends.
import { spawn } from 'node:child_process';

const queues = [['apps/api'], ['apps/web', 'e2e', 'packages/contracts']];
const failed = [];

function typecheck(workspace) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'typecheck', '-w', workspace], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(chunks));
      if (code !== 0) failed.push(workspace);
      resolve();
    });
  });
}

await Promise.all(
  queues.map(async (queue) => {
    for (const workspace of queue) await typecheck(workspace);
  }),
);
if (failed.length > 0) {
  console.error(`\n✗ typecheck failed: ${failed.join(', ')}`);
  process.exit(1);
}

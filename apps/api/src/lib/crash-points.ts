/**
 * Fault injection for the scale-out tests (ADR 191): a test arms a named point through the test-only
 * route `POST /api/v1/test/crash-points`, and the process SIGKILLs itself the first time it reaches
 * that point, as a power cut or an OOM kill would, so the test can prove that the outcome after a
 * restart is the same as without the crash. Points: `job:<job name>:claimed` (a job claimed, not run),
 * `job:<job name>:ran` (its work done, not recorded as done), `webhook:handled` (a provider event
 * applied and committed, not acknowledged). Nothing is armed unless a test route did it, and test
 * routes never exist in production; unarmed, a point costs one Set lookup.
 */
const armed = new Set<string>();

export function armCrashPoint(name: string): void {
  armed.add(name);
}

export function crashPoint(name: string): void {
  if (armed.size === 0 || !armed.has(name)) return;
  process.stderr.write(`crash point ${name}: SIGKILL\n`);
  process.kill(process.pid, 'SIGKILL');
}

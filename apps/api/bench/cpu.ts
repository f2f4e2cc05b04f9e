// Where a bench's CPU time went, by process, read from Linux's /proc: the machine has 2 cores, shared
// by the server, PostgreSQL and the load generator, so a server's ceiling is often the machine's.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU seconds used so far by each process on the machine, with the group `classify` puts it in. */
export type CpuReading<Group extends string> = Map<string, { group: Group; seconds: number }>;

/** Reads every process's CPU time so far (by its pid and start time: a reused pid is another process). */
export function cpuSeconds<Group extends string>(
  classify: (pid: number, command: string) => Group,
): CpuReading<Group> {
  const reading: CpuReading<Group> = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    reading.set(`${entry}:${fields[19]}`, { group: classify(Number(entry), command), seconds });
  }
  return reading;
}

/**
 * The CPU seconds each group used between two readings: each process's difference, the whole time of
 * one that started in between. A process that ended in between is not counted (its time is gone
 * from /proc); before, subtracting its earlier total made a group's figure negative.
 */
export function cpuSpent<Group extends string>(
  before: CpuReading<Group>,
  after: CpuReading<Group>,
): Map<Group, number> {
  const spent = new Map<Group, number>();
  for (const [process, { group, seconds }] of after) {
    spent.set(group, (spent.get(group) ?? 0) + seconds - (before.get(process)?.seconds ?? 0));
  }
  return spent;
}

/** The machine's CPU time so far, all cores (ticks): in use, and taken by the hypervisor (steal). */
function machineTicks(): { total: number; steal: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is inside user already)
  const total = fields.slice(0, 8).reduce((sum, ticks) => sum + ticks, 0);
  return { total, steal: fields[7] ?? 0 };
}

/**
 * Samples, while started, the share of the machine's CPU time its hypervisor took (steal: the virtual
 * cores were ready to run and the host ran something else): over the whole run, and in the worst
 * quarter of a second. A virtual core descheduled for a few milliseconds stalls whatever ran on it.
 */
export function stealSampler(everyMs = 250) {
  const first = machineTicks();
  let last = first;
  let worst = 0;
  const timer = setInterval(() => {
    const now = machineTicks();
    if (now.total > last.total) worst = Math.max(worst, (now.steal - last.steal) / (now.total - last.total));
    last = now;
  }, everyMs);
  timer.unref();
  return {
    stop(): { share: number; worst: number } {
      clearInterval(timer);
      const end = machineTicks();
      return {
        share: end.total > first.total ? (end.steal - first.steal) / (end.total - first.total) : 0,
        worst,
      };
    },
  };
}

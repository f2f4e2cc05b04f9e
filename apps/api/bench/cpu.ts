// Where a bench's CPU time went, by process, read from Linux's /proc: the machine has 2 cores, shared
// by the server, PostgreSQL and the load generator, so a server's ceiling is often the machine's.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds used so far by every process on the machine, summed by the group `classify` puts each in
 * (by its pid and command name).
 */
export function cpuSeconds<Group extends string>(
  classify: (pid: number, command: string) => Group,
): Map<Group, number> {
  const groups = new Map<Group, number>();
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
    const group = classify(Number(entry), command);
    groups.set(group, (groups.get(group) ?? 0) + seconds);
  }
  return groups;
}

/** The CPU seconds each group used between two readings (processes alive at both ends). */
export function cpuSpent<Group extends string>(
  before: Map<Group, number>,
  after: Map<Group, number>,
): Map<Group, number> {
  return new Map([...after].map(([group, seconds]) => [group, seconds - (before.get(group) ?? 0)]));
}

/**
 * The CPU time of this process's main thread alone (Linux: /proc/self/task/<pid>/stat, utime + stime in clock
 * ticks), for benchmarks whose limit is the event loop's thread while worker threads share the process's total.
 * Undefined where /proc is not there. Node 20 has no per-thread CPU clock of its own (process.threadCpuUsage is 23+).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

export function mainThreadCpuSeconds(): number | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces: utime is the 14th field.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

/**
 * Every thread of this process and its CPU seconds so far (Linux: /proc/self/task), by thread id; empty where /proc
 * is not there. Node names its threads alike, so a benchmark tells them apart by what they used.
 */
export function threadCpuSeconds(): Map<number, number> {
  const threads = new Map<number, number>();
  try {
    ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    for (const tid of readdirSync('/proc/self/task')) {
      try {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        threads.set(Number(tid), (Number(fields[11]) + Number(fields[12])) / ticksPerSecond);
      } catch {
        // The thread ended between the listing and the read.
      }
    }
  } catch {
    threads.clear();
  }
  return threads;
}

/** This thread's time on a core and waiting in the run queue for one, in ms (main thread's schedstat). */
export interface ThreadSchedule {
  cpuMs: number;
  runQueueMs: number;
}

/**
 * The main thread's CPU time and run-queue wait so far, in nanosecond resolution (Linux: /proc/self/task/<pid>/
 * schedstat: time on a core, time runnable but waiting for one, timeslices); undefined where it is not there. The
 * run-queue wait is the time other threads held every core while this one could have run.
 */
export function mainThreadSchedule(): ThreadSchedule | undefined {
  try {
    const [onCpu, waiting] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8')
      .split(' ')
      .map(Number);
    if (!Number.isFinite(onCpu) || !Number.isFinite(waiting)) return undefined;
    return { cpuMs: onCpu! / 1e6, runQueueMs: waiting! / 1e6 };
  } catch {
    return undefined;
  }
}

/**
 * CPU accounting for the benchmarks (docs/decisions/0012-hot-paths.md): on a shared machine CPU time per
 * operation is the figure a neighbour's load distorts least, since it leaves out the time spent waiting
 * for a core.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/platform/db.ts';

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** The fields of a /proc stat line after the command's name (state, ppid, …, utime at 11). */
const statFields = (stat: string) => stat.slice(stat.lastIndexOf(')') + 2).split(' ');
const ticksMs = (a: string | undefined, b: string | undefined) =>
  ((Number(a) + Number(b)) * 1000) / TICKS_PER_SECOND;

/** utime + stime of a /proc stat line, in ms. */
function statCpuMs(stat: string): number {
  const f = statFields(stat);
  return ticksMs(f[11], f[12]);
}

/** cutime + cstime of a /proc stat line, in ms: the CPU of the process's children that have ended. */
function statChildrenCpuMs(stat: string): number {
  const f = statFields(stat);
  return ticksMs(f[13], f[14]);
}

/**
 * CPU time, in ms, of PostgreSQL (the postmaster's children, running or ended: backends, WAL writer,
 * checkpointer, …) and of this process's main thread (the server's event loop; the load generator runs on a worker
 * thread). CPU per operation is what a shared machine distorts least: it does not count the time
 * spent waiting for a core that another helper's job holds.
 */
export async function cpuSampler(db: Db) {
  const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db);
  let postmaster = Number.NaN;
  try {
    const status = readFileSync(`/proc/${rows[0]!.pid}/status`, 'utf8');
    postmaster = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
  } catch {
    // PostgreSQL on another machine (DATABASE_URL): only this process is counted.
  }
  return () => {
    // The live children, and those that ended (a backend whose connection closed during the run):
    // without the latter the figure would fall when one ends.
    let pgMs = Number.NaN;
    try {
      if (!Number.isNaN(postmaster))
        pgMs = statChildrenCpuMs(readFileSync(`/proc/${postmaster}/stat`, 'utf8'));
    } catch {
      // the postmaster is gone
    }
    for (const e of Number.isNaN(postmaster) ? [] : readdirSync('/proc')) {
      if (!/^\d+$/.test(e)) continue;
      try {
        const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
        const ppid = Number(statFields(stat)[1]);
        if (ppid === postmaster) pgMs += statCpuMs(stat);
      } catch {
        // gone since the listing
      }
    }
    return { pgMs, nodeMs: statCpuMs(readFileSync('/proc/thread-self/stat', 'utf8')) };
  };
}

/**
 * CPU time, in ms, of a whole process: every thread (the event loop, the garbage collector's, libuv's
 * pool), which is what a server running on its own costs. 0 once the process is gone.
 */
export function processCpuMs(pid: number): number {
  try {
    return statCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return 0;
  }
}

/**
 * Time, in ms summed over the cores, that the hypervisor ran something else while this machine's
 * cores wanted to run (the `steal` column of /proc/stat): on a virtual machine a run that lost a
 * share of its cores this way measures the host, not the code. NaN where /proc/stat has no such field.
 */
export function stolenMs(): number {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    return (Number(fields[8]) * 1000) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

/**
 * A fixed piece of CPU work on this thread (hashing and JSON, what a request does most), timed: the
 * host's speed at that moment. Run just before a timed run, while nothing else of the bench is busy;
 * the same code's run is read beside it. On this shared machine the same work takes visibly longer in
 * the host's slow periods, which neither steal time nor the load average shows (docs/benchmarks.md,
 * issue 38's sixth session).
 */
export function cpuYardstickMs(): number {
  // Twice, the faster kept: the first pass also compiles.
  return Math.min(yardstickPass(), yardstickPass());
}

function yardstickPass(): number {
  const block = Buffer.alloc(1024, 7);
  const doc = {
    items: Array.from({ length: 40 }, (_, i) => ({ id: i, number: String(i).padStart(5, '0'), ok: true })),
  };
  const t0 = performance.now();
  let sink = 0;
  for (let i = 0; i < 5_000; i++) {
    sink += createHash('sha256').update(block).digest()[0]!;
    sink += (JSON.parse(JSON.stringify(doc)) as typeof doc).items.length;
  }
  const ms = performance.now() - t0;
  return sink < 0 ? Number.NaN : Number(ms.toFixed(1));
}

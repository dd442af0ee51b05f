import { createRequire } from 'node:module';
import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { Executor } from './db.ts';

// pg-boss 10 marks a job done or failed without awaiting it (src/manager.js, work → onFetch:
// `this.complete(…)` / `this.fail(…)`). If the database is away at that moment, the rejection is
// unhandled and ends the process. Handle it here; the job stays active, expires and is retried
// (jobs only trigger sweeps that are safe to run again), and the error is reported like pg-boss's own.
type ManagerProto = Record<'complete' | 'fail', (...args: unknown[]) => Promise<unknown>> & {
  emit(event: string, arg: unknown): boolean;
};
const Manager = createRequire(import.meta.url)('pg-boss/src/manager.js') as { prototype: ManagerProto };
for (const name of ['complete', 'fail'] as const) {
  const original = Manager.prototype[name];
  Manager.prototype[name] = function (this: ManagerProto, ...args: unknown[]) {
    const done = original.apply(this, args);
    done.catch((err: unknown) => this.emit('error', err));
    return done;
  };
}

/**
 * PostgreSQL-backed jobs (pg-boss): safe with several server processes — a scheduled run or a sent
 * job is taken by exactly one worker. Modules register here; the logic a job runs lives in the
 * module's service so tests can call it directly with a moved clock.
 *
 * Rule for every module: a job only triggers work that a periodic sweep would also find (for
 * example "close every round past its close time"), so a lost or late job delays, never loses,
 * an effect. With jobs disabled (tests, web-only processes) registration and sends do nothing.
 */
export interface Jobs {
  readonly enabled: boolean;
  /** Runs `handler` on a cron schedule (5-field, Asia/Bangkok), once per firing across all processes. */
  schedule(name: string, cron: string, handler: () => Promise<void>): Promise<void>;
  /** Registers the worker for queue `name`. `fastPoll` polls every 0.5 s for time-critical queues. */
  work<T extends object>(
    name: string,
    handler: (data: T) => Promise<void>,
    opts?: { fastPoll?: boolean },
  ): Promise<void>;
  /**
   * Enqueues a job, at `at` if given. `singletonKey` dedupes while a job with that key is queued.
   * With `tx`, the job is inserted in that transaction: it exists only if the transaction commits.
   */
  send<T extends object>(
    name: string,
    data: T,
    opts?: { at?: Date; singletonKey?: string; tx?: Executor },
  ): Promise<void>;
  /** Whether the job runner is started and not stopped (readiness, platform/readiness.ts). */
  running(): boolean;
  /** Tells `listener` of every run of a job in this process: its queue, seconds, and whether it succeeded (the metrics). */
  onRun(listener: (name: string, seconds: number, ok: boolean) => void): void;
  stop(): Promise<void>;
}

const SCHEDULE_POLL_SECONDS = 5;

export const disabledJobs: Jobs = {
  enabled: false,
  schedule: async () => {},
  work: async () => {},
  send: async () => {},
  running: () => false,
  onRun: () => {},
  stop: async () => {},
};

export async function startJobs(
  connectionString: string,
  log: (msg: string, err?: unknown) => void,
): Promise<Jobs> {
  const boss = new PgBoss({ connectionString, schema: 'pgboss', max: 4, application_name: 'chok-jobs' });
  // Errors (the database away included) are reported, never thrown; while the database is away
  // every worker's poll fails, so one message is logged per 30 s with the count of the others.
  let quietUntil = 0;
  let suppressed = 0;
  boss.on('error', (err) => {
    const now = Date.now();
    if (now < quietUntil) {
      suppressed += 1;
      return;
    }
    log(suppressed ? `job runner error (and ${suppressed} more in the last 30 s)` : 'job runner error', err);
    quietUntil = now + 30_000;
    suppressed = 0;
  });
  let running = false;
  boss.on('stopped', () => {
    running = false;
  });
  await boss.start();
  running = true;
  const queues = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (queues.has(name)) return;
    await boss.createQueue(name);
    queues.add(name);
  };
  const runListeners: ((name: string, seconds: number, ok: boolean) => void)[] = [];
  const told = (name: string, started: number, ok: boolean) => {
    const seconds = (performance.now() - started) / 1000;
    for (const l of runListeners) l(name, seconds, ok);
  };
  const run = async (name: string, fn: () => Promise<void>) => {
    const started = performance.now();
    try {
      await fn();
      told(name, started, true);
    } catch (err) {
      told(name, started, false);
      log(`job ${name} failed`, err);
      throw err; // pg-boss retries per its policy
    }
  };
  return {
    enabled: true,
    async schedule(name, cron, handler) {
      await ensureQueue(name);
      await boss.schedule(name, cron, {}, { tz: 'Asia/Bangkok', singletonKey: name });
      // A cron job fires at most once a minute: polling its queue every 5 s (pg-boss's default is
      // 2 s) runs it within seconds of its minute, and an idle server asks PostgreSQL 60 % less.
      await boss.work(name, { pollingIntervalSeconds: SCHEDULE_POLL_SECONDS }, async () =>
        run(name, handler),
      );
    },
    async work(name, handler, opts) {
      await ensureQueue(name);
      await boss.work<Parameters<typeof handler>[0]>(
        name,
        { pollingIntervalSeconds: opts?.fastPoll ? 0.5 : 2, batchSize: 1 },
        async (jobs) => {
          for (const job of jobs) await run(name, () => handler(job.data));
        },
      );
    },
    async send(name, data, opts) {
      await ensureQueue(name);
      const tx = opts?.tx;
      await boss.send(name, data, {
        ...(opts?.at ? { startAfter: opts.at } : {}),
        ...(opts?.singletonKey ? { singletonKey: opts.singletonKey } : {}),
        ...(tx
          ? {
              db: {
                executeSql: async (text: string, values: unknown[]) => {
                  const r = await tx.executeQuery(CompiledQuery.raw(text, values));
                  return { rows: r.rows as never[] };
                },
              },
            }
          : {}),
      });
    },
    running: () => running,
    onRun(listener) {
      runListeners.push(listener);
    },
    async stop() {
      running = false;
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}

/** One queue of jobs for the metrics: jobs due and waiting, running, failed lately, and the oldest wait. */
export interface JobQueueFigure {
  queue: string;
  waiting: number;
  active: number;
  failed_last_hour: number;
  oldest_waiting_seconds: number;
}

/**
 * The queues of pg-boss (its `pgboss.job` table, pg-boss 10) for the metrics (docs/operations.md,
 * "Metrics and alerts"), every queue created (0 when it holds nothing): a job waits from its
 * `start_after` (a job sent for later is not late before then). Empty where pg-boss never started on
 * this database.
 */
export async function jobQueueFigures(ex: Executor): Promise<JobQueueFigure[]> {
  const exists = await ex.executeQuery<{ t: string | null }>(
    CompiledQuery.raw("SELECT to_regclass('pgboss.queue')::text AS t"),
  );
  if (!exists.rows[0]?.t) return [];
  const r = await ex.executeQuery<JobQueueFigure>(
    CompiledQuery.raw(`
      SELECT q.name AS queue,
             (count(j.*) FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after <= now()))::int AS waiting,
             (count(j.*) FILTER (WHERE j.state = 'active'))::int AS active,
             (count(j.*) FILTER (WHERE j.state = 'failed'))::int AS failed_last_hour,
             COALESCE(EXTRACT(epoch FROM now() - min(j.start_after)
               FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after <= now())), 0)::float8 AS oldest_waiting_seconds
        FROM pgboss.queue q
        LEFT JOIN pgboss.job j ON j.name = q.name
         AND (j.state IN ('created', 'retry', 'active') OR (j.state = 'failed' AND j.completed_on > now() - interval '1 hour'))
       GROUP BY q.name ORDER BY q.name`),
  );
  return r.rows;
}

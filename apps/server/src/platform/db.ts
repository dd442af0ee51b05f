import { CompiledQuery, Kysely, PostgresDialect, type PostgresPool, type Transaction } from 'kysely';
import pg from 'pg';
import type { DB as Database } from '../db/database.generated.ts';

// int8 (BIGINT, COUNT) → number, refusing anything a double cannot hold exactly (docs/rules/casino.md §2.1).
pg.types.setTypeParser(pg.types.builtins.INT8, (text: string) => {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${text} is beyond Number.MAX_SAFE_INTEGER`);
  return n;
});

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** Query functions accept either, so a use case can compose them inside one transaction. */
export type Executor = Db | Tx;

/**
 * A hot statement: a fixed SQL text under a stable name. pg sends it as a named prepared statement, so
 * PostgreSQL parses and plans it once per connection instead of on every call
 * (docs/decisions/0012-hot-paths.md). The text must not vary (no `sql.join` of a variable length, no
 * optional clauses): each variant is its own `prepared`.
 */
export interface Prepared<R> {
  readonly name: string;
  readonly text: string;
  /** Only carries the row type. */
  readonly row?: R;
}

/** text → name of every prepared statement; the client wrapper of `createDb` looks texts up here. */
const preparedNames = new Map<string, string>();
const preparedTexts = new Map<string, string>();

/** Declares a prepared statement (once, at module load). A name is never reused for another text. */
export function prepared<R>(name: string, text: string): Prepared<R> {
  const known = preparedTexts.get(name);
  if (known !== undefined && known !== text) throw new Error(`prepared statement ${name} declared twice`);
  preparedTexts.set(name, text);
  preparedNames.set(text, name);
  return { name, text };
}

/** The pool behind each `Db` of `createDb`, for statements that need no Kysely around them. */
const poolsOf = new WeakMap<Db, { pool: pg.Pool; counter: QueryCounter }>();

/**
 * Runs a prepared statement in the caller's transaction or on the pool; answers its rows. Outside a
 * transaction the statement goes to pg's pool directly (`pool.query` takes a client, sends, gives it
 * back): the hot one-call paths (a bill, a provider debit or credit, a batch of shots) skipped Kysely's
 * connection and executor layers, about 5 KB of allocation per call (docs/benchmarks.md).
 */
export async function runPrepared<R>(ex: Executor, p: Prepared<R>, values: readonly unknown[]): Promise<R[]> {
  const direct = poolsOf.get(ex as Db);
  if (direct) {
    direct.counter.statements += 1;
    const r = p.name
      ? await direct.pool.query({ name: p.name, text: p.text, values: values as unknown[] })
      : await direct.pool.query(p.text, values as unknown[]);
    return r.rows as R[];
  }
  const r = await ex.executeQuery<R>(CompiledQuery.raw(p.text, [...values]));
  return r.rows as R[];
}

type PoolClient = pg.PoolClient;
type QueryCounter = { statements: number };

/**
 * The pool as Kysely sees it: each client's `query(text, values)` goes out as a named statement when
 * the text is a declared `prepared` one, and counts every statement sent (round trips, for tests).
 */
function namingPool(pool: pg.Pool, counter: QueryCounter): PostgresPool {
  const wrapped = new WeakMap<PoolClient, ReturnType<typeof wrap>>();
  const wrap = (client: PoolClient) => ({
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads (text + values, or a cursor object)
    query(text: any, values?: readonly unknown[]): any {
      counter.statements += 1;
      if (typeof text !== 'string') return client.query(text);
      const name = preparedNames.get(text);
      return name
        ? client.query({ name, text, values: values as unknown[] })
        : client.query(text, values as unknown[]);
    },
    release: () => client.release(),
  });
  return {
    async connect() {
      const client = await pool.connect();
      let w = wrapped.get(client);
      if (!w) {
        w = wrap(client);
        wrapped.set(client, w);
      }
      return w;
    },
    end: () => pool.end(),
  };
}

export function createDb(
  connectionString: string,
  poolSize: number,
): { db: Db; pool: pg.Pool; counter: QueryCounter } {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    application_name: 'chok',
    // Bounds every statement and open transaction (ledger rollups rely on transactions being short).
    statement_timeout: 60_000,
    idle_in_transaction_session_timeout: 60_000,
    // A request waits at most this long for a connection — a new one to an unreachable host, or a
    // free one from a pool that is saturated — and then answers 503 (refused connections fail at once).
    connectionTimeoutMillis: 30_000,
    keepAlive: true,
  });
  // A lost connection (server restart, pg_terminate_backend, network) must not end the process. An
  // idle client's error reaches the pool, which drops it; a checked-out client's error fails its
  // query (answered 503, see isDatabaseUnavailable) and emits 'error' on the client, which without a
  // listener would be thrown; the pool drops that client when it is released.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const counter: QueryCounter = { statements: 0 };
  const waitObservers = timeConnects(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namingPool(pool, counter) }) });
  poolsOf.set(db, { pool, counter });
  waitsOf.set(db, waitObservers);
  return { db, pool, counter };
}

const waitsOf = new WeakMap<Db, Set<(seconds: number) => void>>();

/**
 * Times every wait for a connection of `pool` (Kysely's and `pool.query`'s both go through
 * `pool.connect`), for the pool's metrics (platform/metrics.ts).
 */
function timeConnects(pool: pg.Pool): Set<(seconds: number) => void> {
  const observers = new Set<(seconds: number) => void>();
  const connect = pool.connect.bind(pool) as (
    cb?: (err: Error | undefined, client: PoolClient | undefined, done: (release?: unknown) => void) => void,
  ) => Promise<PoolClient> | undefined;
  const observe = (started: number) => {
    if (observers.size === 0) return;
    const seconds = (performance.now() - started) / 1000;
    for (const o of observers) o(seconds);
  };
  pool.connect = ((cb?: Parameters<typeof connect>[0]) => {
    const started = performance.now();
    if (cb)
      return connect((err, client, done) => {
        observe(started);
        cb(err, client, done);
      });
    return (connect() as Promise<PoolClient>).then(
      (client) => {
        observe(started);
        return client;
      },
      (err: unknown) => {
        observe(started);
        throw err;
      },
    );
  }) as typeof pool.connect;
  return observers;
}

/** The pool behind `db` (from `createDb`), with a listener of its connection waits; null for another Db. */
export function poolOf(db: Db): { pool: pg.Pool; onWait(observer: (seconds: number) => void): void } | null {
  const entry = poolsOf.get(db);
  const waits = waitsOf.get(db);
  if (!entry || !waits) return null;
  return { pool: entry.pool, onWait: (o) => waits.add(o) };
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: terminated by pg_terminate_backend or a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable/;

/**
 * Whether `err` says the database cannot be reached right now (down, restarting, connection cut),
 * rather than that a statement failed: the request is answered 503 and may be retried.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('08'))) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  return Array.isArray(e.errors) && e.errors.some(isDatabaseUnavailable);
}

const UNIQUE_VIOLATION = '23505';

/**
 * Whether `err` is PostgreSQL's unique violation — of `constraint` when it is given (the index or
 * constraint name PostgreSQL reports, e.g. `member_phone_key`).
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; constraint?: unknown };
  return e.code === UNIQUE_VIOLATION && (constraint === undefined || e.constraint === constraint);
}

const SERIALIZATION_FAILURE = '40001';
const DEADLOCK = '40P01';

/** Whether `err` is PostgreSQL's serialization failure (a statement the caller may run again). */
export function isSerializationFailure(err: unknown): boolean {
  return !!err && typeof err === 'object' && (err as { code?: unknown }).code === SERIALIZATION_FAILURE;
}

/** Whether `err` is PostgreSQL's deadlock (the transaction was undone; the caller may run it again). */
export function isDeadlock(err: unknown): boolean {
  return !!err && typeof err === 'object' && (err as { code?: unknown }).code === DEADLOCK;
}

/** Runs `work` in one transaction, retrying a bounded number of times on serialization failures and deadlocks. */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, maxAttempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= maxAttempts || (code !== SERIALIZATION_FAILURE && code !== DEADLOCK)) throw err;
    }
  }
}

const RAISED_REFUSAL = 'CK001';

/**
 * A refusal raised by one of the database's hot-path functions (modules/lotto/sql/lotto_place_bill.sql,
 * modules/games/sql/seamless_debit.sql …; decision 0012):
 * SQLSTATE CK001 with a catalogue code as the message and, for some, a detail. Null for any other error.
 */
export function raisedRefusal(err: unknown): { code: string; detail: string | null } | null {
  if (!err || typeof err !== 'object') return null;
  const e = err as { code?: unknown; message?: unknown; detail?: unknown };
  if (e.code !== RAISED_REFUSAL || typeof e.message !== 'string') return null;
  return { code: e.message, detail: typeof e.detail === 'string' ? e.detail : null };
}

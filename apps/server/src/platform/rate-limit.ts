import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import { type Db, type Executor, prepared, runPrepared } from './db.ts';

/**
 * The per-address request limits (login, register, OTP, password reset, staff login, demo launches)
 * counted in PostgreSQL, so every server process of a site — the web processes of one host, and the
 * hosts behind one load balancer — spends one budget (docs/operations.md, "Several processes").
 *
 * A `@fastify/rate-limit` store: the plugin asks `incr(address)` once per request and answers 429 when
 * the count passes the route's limit. A hit is one statement: an upsert on the row of (limit, address)
 * that starts a new window when the last one has ended and otherwise adds one, under the row's lock, so
 * parallel hits from any number of processes are each counted once. Like the plugin's in-memory store,
 * a window starts at an address's first hit and lasts the route's `timeWindow`.
 */
interface StoreParams {
  routeInfo?: { method?: string | string[]; url?: string };
  /** The contract's limit name (`Endpoint.rateLimit`), passed in the route's rate-limit config. */
  bucket?: string;
}

type Answer = (err: Error | null, res?: { current: number; ttl: number }) => void;

const HIT = prepared<{ hits: number; ttl: number }>(
  'rate_limit_hit',
  `INSERT INTO rate_limit_hit AS r (bucket, address, hits, expires_at)
   VALUES ($1, $2, 1, now() + make_interval(secs => $3::double precision / 1000))
   ON CONFLICT (bucket, address) DO UPDATE SET
     hits = CASE WHEN r.expires_at <= now() THEN 1 ELSE r.hits + 1 END,
     expires_at = CASE WHEN r.expires_at <= now() THEN excluded.expires_at ELSE r.expires_at END
   RETURNING hits, ceil(extract(epoch FROM r.expires_at - now()) * 1000)::int AS ttl`,
);

/** One hit on (bucket, address): its count in the current window and the window's milliseconds left. */
export async function hitRateLimit(
  ex: Executor,
  bucket: string,
  address: string,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const [row] = await runPrepared(ex, HIT, [bucket, address, windowMs]);
  if (!row) throw new Error('rate limit upsert returned no row');
  return { current: row.hits, ttl: Math.max(0, row.ttl) };
}

/** The plugin's store class over `db`; a route's bucket is its limit name and its method and path. */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class PostgresStore implements FastifyRateLimitStore {
    readonly bucket: string;
    constructor(options: object) {
      const params = options as StoreParams;
      const r = params.routeInfo;
      const route = r?.url ? `${[r.method ?? ''].flat().join(',')} ${r.url}` : '';
      this.bucket = [params.bucket ?? '', route].filter((s) => s).join(' ') || 'global';
    }
    incr(address: string, cb: Answer, timeWindow: number): void {
      hitRateLimit(db, this.bucket, address, timeWindow).then(
        (res) => cb(null, res),
        (err: Error) => cb(err),
      );
    }
    read(address: string, cb: Answer): void {
      sql<{ hits: number; ttl: number }>`
        SELECT hits, ceil(extract(epoch FROM expires_at - now()) * 1000)::int AS ttl FROM rate_limit_hit
        WHERE bucket = ${this.bucket} AND address = ${address} AND expires_at > now()`
        .execute(db)
        .then(
          ({ rows }) => cb(null, { current: rows[0]?.hits ?? 0, ttl: Math.max(0, rows[0]?.ttl ?? 0) }),
          (err: Error) => cb(err),
        );
    }
    // The plugin passes a route's merged rate-limit options (with `routeInfo`), typed as route options.
    child(params: object): FastifyRateLimitStore {
      return new PostgresStore(params);
    }
  }
  return PostgresStore;
}

/** Deletes the rows whose window ended (run by a job every few minutes). */
export async function pruneRateLimits(ex: Executor): Promise<number> {
  const r = await sql`DELETE FROM rate_limit_hit WHERE expires_at < now() - interval '1 minute'`.execute(ex);
  return Number(r.numAffectedRows ?? 0);
}

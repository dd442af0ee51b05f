import pg from 'pg';
import { AppError } from './errors.ts';

/**
 * Acknowledging work after it is durable, for work that commits without waiting for its own flush
 * (decision 0087: a yeekee shot batch commits with `synchronous_commit` off, so the round's lock is
 * free as soon as the commit is written, not once the disk has it).
 *
 * A barrier is a small transaction committed on this process's own connection the way every other
 * transaction is (the database's `synchronous_commit`): its commit is flushed (and, where the
 * operator runs synchronous standbys, confirmed by them), and PostgreSQL's WAL is one sequence, so
 * every commit written before the barrier started is then as durable as the barrier. Barriers run one
 * at a time; each covers everyone who asked while the previous one ran (acknowledgements in groups,
 * like group commit).
 *
 * Notifications given with a wait (the event bus's `notifications`) are sent by the barrier's
 * transaction: delivered once the work they tell of is durable, in the order they were given.
 *
 * A crash of PostgreSQL ends every connection, and a restarted server may lack commits that were
 * written but not flushed. So a wait counts only a barrier on the connection that was open before the
 * work was sent: the caller takes a `ticket` first (which opens the connection if none is open); if
 * that connection is gone by the barrier, the wait fails (DATABASE_UNAVAILABLE) rather than vouch for
 * work that may be lost. The connection is opened at the first ticket, so a process that never takes
 * one (a jobs-only process) holds none.
 */
export interface Durability {
  /** Taken before the work is sent: the barrier connection, opened now if none is open. */
  ticket(): Promise<DurableTicket>;
  /**
   * Resolves once every commit this process made before the call is durable (the work the ticket was
   * taken for included); `notify` goes out with the barrier. Fails when the ticket's connection was
   * lost (DATABASE_UNAVAILABLE) or the barrier failed: the work may or may not have been kept.
   */
  after(ticket: DurableTicket, notify?: { channel: string; payloads: readonly string[] }): Promise<void>;
  stop(): Promise<void>;
}

export interface DurableTicket {
  /** The barrier connection's number: each new connection takes the next. */
  readonly connection: number;
}

interface Waiter {
  ticket: DurableTicket;
  notify: { channel: string; payloads: readonly string[] } | undefined;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/** The barrier (platform/sql/durability_barrier.sql): one WAL record and the notifications, committed. */
const BARRIER = 'SELECT durability_barrier($1::text[], $2::text[])';

export function createDurability(
  connectionString: string,
  log: (msg: string, err?: unknown) => void,
  /** Told after each barrier that committed: how long it took and how many waits it answered (metrics). */
  onBarrier?: (seconds: number, waits: number) => void,
): Durability {
  /** The open connection and its number; null when none is open. */
  let open: { client: pg.Client; connection: number } | null = null;
  let connecting: Promise<{ client: pg.Client; connection: number }> | null = null;
  let opened = 0;
  let stopped = false;
  let waiting: Waiter[] = [];
  /** Whether the barriers' loop runs: set and cleared in the same turn as its checks of `waiting`. */
  let active = false;
  let running: Promise<void> = Promise.resolve();

  const lost = (c: pg.Client, err?: unknown) => {
    if (open?.client !== c) return;
    open = null;
    if (!stopped) log('durability connection lost; the next ticket opens another', err);
    c.end().catch(() => {});
  };
  const connect = async () => {
    const c = new pg.Client({
      connectionString,
      application_name: 'chok-durable',
      keepAlive: true,
      // As the pool's: a host that does not answer fails the ticket (503) rather than hold the shots.
      connectionTimeoutMillis: 30_000,
      statement_timeout: 60_000,
    });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    try {
      await c.connect();
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    if (stopped) {
      await c.end().catch(() => {});
      throw new AppError('DATABASE_UNAVAILABLE');
    }
    opened += 1;
    open = { client: c, connection: opened };
    return open;
  };

  /**
   * One barrier after another while anyone waits, each for all who asked before it started. `active`
   * is cleared in the same turn as the last look at `waiting`, so a wait added later starts a new loop.
   */
  const run = async () => {
    active = true;
    try {
      while (waiting.length > 0) {
        const group = waiting;
        waiting = [];
        const now = open;
        const covered: Waiter[] = [];
        for (const w of group) {
          if (now !== null && w.ticket.connection === now.connection) covered.push(w);
          else w.reject(new AppError('DATABASE_UNAVAILABLE'));
        }
        if (!now || covered.length === 0) continue;
        const channels: string[] = [];
        const payloads: string[] = [];
        for (const w of covered) {
          for (const p of w.notify?.payloads ?? []) {
            channels.push(w.notify!.channel);
            payloads.push(p);
          }
        }
        const started = performance.now();
        try {
          await now.client.query(BARRIER, [channels, payloads]);
        } catch (err) {
          for (const w of covered) w.reject(err);
          continue;
        }
        onBarrier?.((performance.now() - started) / 1000, covered.length);
        for (const w of covered) w.resolve();
      }
    } finally {
      active = false;
    }
  };

  return {
    async ticket() {
      if (stopped) throw new AppError('DATABASE_UNAVAILABLE');
      if (open) return { connection: open.connection };
      connecting ??= connect().finally(() => {
        connecting = null;
      });
      const made = await connecting;
      return { connection: made.connection };
    },
    after(ticket, notify) {
      return new Promise<void>((resolve, reject) => {
        if (stopped) {
          reject(new AppError('DATABASE_UNAVAILABLE'));
          return;
        }
        waiting.push({ ticket, notify, resolve, reject });
        if (!active) running = run();
      });
    },
    async stop() {
      stopped = true;
      await connecting?.catch(() => {});
      await running;
      const c = open?.client;
      open = null;
      await c?.end().catch(() => {});
    },
  };
}

import { sql } from 'kysely';
import pg from 'pg';
import type { Executor } from './db.ts';

const CHANNEL = 'chok_events';
const FLUSH_EVERY_MS = 150;
const NOTIFY_PAYLOAD_MAX = 7900; // PostgreSQL's NOTIFY limit is 8000 bytes

export interface Subscriber {
  topics: ReadonlySet<string>;
  /** Receives already-serialised SSE frames, coalesced into one write per tick. */
  write: (frames: string) => void;
}

/**
 * Events between server processes through PostgreSQL LISTEN/NOTIFY, fanned out to this process's
 * SSE clients. Publishing inside a transaction delivers on commit only. Each event is serialised
 * once, and frames are coalesced per client every 150 ms.
 */
export interface EventBus {
  publish(ex: Executor, topic: string, event: string, data: unknown): Promise<void>;
  subscribe(s: Subscriber): () => void;
  subscriberCount(): number;
  stop(): Promise<void>;
}

export async function startEventBus(
  connectionString: string,
  log: (msg: string, err?: unknown) => void,
): Promise<EventBus> {
  const subscribers = new Set<Subscriber & { pending: string[] }>();
  let client: pg.Client | null = null;
  let stopped = false;

  const dispatch = (payload: string) => {
    let msg: { topic: string; event: string; data: unknown };
    try {
      msg = JSON.parse(payload);
    } catch {
      return;
    }
    const frame = `event: ${msg.event}\ndata: ${JSON.stringify({ topic: msg.topic, data: msg.data })}\n\n`;
    for (const s of subscribers) if (s.topics.has(msg.topic)) s.pending.push(frame);
  };

  // The LISTEN connection: when it is lost (database restart, terminated backend, network), it is
  // made again with backoff (0.25 s doubling to 15 s) until it works or the bus stops. Events
  // published while it is down are not delivered to this process's subscribers.
  let retry: NodeJS.Timeout | null = null;
  let backoffMs = 0;
  const reconnectLater = () => {
    if (stopped || retry) return;
    backoffMs = Math.min(backoffMs ? backoffMs * 2 : 250, 15_000);
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        () => log('event listener reconnected'),
        (err) => {
          log('event listener reconnect failed; retrying', err);
          reconnectLater();
        },
      );
    }, backoffMs);
    retry.unref();
  };
  const lost = (c: pg.Client, err?: unknown) => {
    if (client !== c) return;
    client = null;
    if (!stopped) log('event listener connection lost; reconnecting', err);
    c.end().catch(() => {});
    reconnectLater();
  };

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString, application_name: 'chok-events', keepAlive: true });
    c.on('notification', (n) => {
      if (n.channel === CHANNEL && n.payload) dispatch(n.payload);
    });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    backoffMs = 0;
  };
  await connect();

  const ticker = setInterval(() => {
    for (const s of subscribers) {
      if (s.pending.length === 0) continue;
      const frames = s.pending.join('');
      s.pending.length = 0;
      s.write(frames);
    }
  }, FLUSH_EVERY_MS);
  ticker.unref();

  return {
    async publish(ex, topic, event, data) {
      const payload = JSON.stringify({ topic, event, data });
      if (Buffer.byteLength(payload) > NOTIFY_PAYLOAD_MAX)
        throw new Error(`event ${event} on ${topic} is too large`);
      await sql`SELECT pg_notify(${CHANNEL}, ${payload})`.execute(ex);
    },
    subscribe(s) {
      const entry = { ...s, pending: [] as string[] };
      subscribers.add(entry);
      return () => {
        subscribers.delete(entry);
      };
    },
    subscriberCount: () => subscribers.size,
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      clearInterval(ticker);
      subscribers.clear();
      await client?.end().catch(() => {});
    },
  };
}

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

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString, application_name: 'chok-events' });
    c.on('notification', (n) => {
      if (n.channel === CHANNEL && n.payload) dispatch(n.payload);
    });
    c.on('error', (err) => {
      log('event listener connection lost; reconnecting', err);
      client = null;
      if (!stopped)
        setTimeout(() => void connect().catch((e) => log('event listener reconnect failed', e)), 1000);
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    client = c;
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
      clearInterval(ticker);
      subscribers.clear();
      await client?.end().catch(() => {});
    },
  };
}

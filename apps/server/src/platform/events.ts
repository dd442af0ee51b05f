import { sql } from 'kysely';
import pg from 'pg';
import type { Executor } from './db.ts';

const CHANNEL = 'chok_events';
const NOTIFY_PAYLOAD_MAX = 7900; // PostgreSQL's NOTIFY limit is 8000 bytes
/** How often a client's waiting frames are written, as one write. */
export const FLUSH_EVERY_MS = 250;
/** What a client's socket may hold unsent before the client is dropped. */
export const CLIENT_BACKLOG_MAX_BYTES = 256 * 1024;
/** How many clients a tick writes before letting the event loop take other work. */
const FLUSH_SLICE = 200;
/** Frames waiting for one client are written before the tick once they reach this size. */
const FLUSH_AT_BYTES = 16 * 1024;

export interface Subscriber {
  topics: ReadonlySet<string>;
  /** Receives already-serialised SSE frames, coalesced into one write per tick. */
  write: (frames: string) => void;
  /** Bytes written but not sent yet (the socket's buffer); 0 when not given. */
  backlog?: () => number;
  /**
   * Called once when the client fell more than the backlog limit behind; the bus has already
   * dropped it. The stream closes the connection, and the client reconnects and reloads.
   */
  overflow?: () => void;
}

/**
 * Events between server processes through PostgreSQL LISTEN/NOTIFY, fanned out to this process's
 * SSE clients and in-process listeners. Publishing inside a transaction delivers on commit only.
 *
 * - Each event is serialised once, by its publisher: the NOTIFY payload carries the SSE `data` line
 *   as it will be written, so a receiving process builds one frame string per event and never parses
 *   it for its SSE clients.
 * - Subscribers are indexed by topic: an event is looked at only by its topic's subscribers.
 * - Frames wait per client and go out as one write every FLUSH_EVERY_MS (only clients with frames
 *   waiting are visited, FLUSH_SLICE at a time with other work between), or at once when 16 KiB
 *   are waiting.
 * - A client whose socket holds more unsent bytes than the limit after a write is dropped and told
 *   so (`overflow`), without slowing anyone else: memory per client stays bounded.
 * - Topics with a dot (`auth.sessions`) are for in-process listeners (`listen`) only: the stream's
 *   topic pattern refuses them, so no client can ask for one.
 */
export interface EventBus {
  publish(ex: Executor, topic: string, event: string, data: unknown): Promise<void>;
  /**
   * Many events in a few round trips, for work that tells thousands of members at once: packed into
   * as few notifications as the size limit allows (each process's listener gets one message for
   * many events), up to PUBLISH_BATCH notifications per statement, in order. Like `publish`: inside
   * a transaction they are delivered at its commit; on the pool each statement is a transaction of
   * its own.
   */
  publishMany(
    ex: Executor,
    events: readonly { topic: string; event: string; data: unknown }[],
  ): Promise<void>;
  /**
   * The notifications `publishMany` would send for these events, for a caller that sends them in its
   * own statement (`SELECT pg_notify(channel, p) FROM unnest(payloads) AS p`): delivered, in order,
   * when that statement's transaction commits.
   */
  notifications(events: readonly { topic: string; event: string; data: unknown }[]): {
    channel: string;
    payloads: string[];
  };
  subscribe(s: Subscriber): () => void;
  /** An in-process listener of one topic, called with each event's parsed data. */
  listen(topic: string, handler: (event: string, data: unknown) => void): () => void;
  /** SSE subscribers of this process (of one topic, if given). */
  subscriberCount(topic?: string): number;
  stop(): Promise<void>;
}

export interface EventBusOptions {
  flushEveryMs?: number;
  /** Per-client backlog limit (CLIENT_BACKLOG_MAX_BYTES unless given). */
  backlogMaxBytes?: number;
}

type Entry = Subscriber & { pending: string[]; pendingBytes: number; dropped: boolean };

/** How many events `publishMany` sends in one statement (each at most NOTIFY_PAYLOAD_MAX bytes). */
export const PUBLISH_BATCH = 500;

/** The NOTIFY payload of an event: topic, name and the SSE data line as it will be written. */
function notifyPayload(topic: string, event: string, data: unknown): string {
  if (!NAME.test(topic) || !NAME.test(event) || `${topic}${event}`.includes(PACK_SEPARATOR))
    throw new Error(`bad event name ${event} on ${topic}`);
  const payload = `${topic}\n${event}\n${JSON.stringify({ topic, data })}`;
  if (Buffer.byteLength(payload) > NOTIFY_PAYLOAD_MAX)
    throw new Error(`event ${event} on ${topic} is too large`);
  return payload;
}

const NAME = /^[^\n]{1,200}$/;

/**
 * Between events packed into one notification by `publishMany`. JSON.stringify writes control
 * characters escaped, and `notifyPayload` refuses it in topics and event names, so it never occurs
 * in an event.
 */
const PACK_SEPARATOR = '\x1e';

/** Payloads joined into as few notifications as NOTIFY_PAYLOAD_MAX allows, in order. */
function pack(payloads: readonly string[]): string[] {
  const packed: string[] = [];
  let current = '';
  let bytes = 0;
  for (const p of payloads) {
    const size = Buffer.byteLength(p);
    if (current && bytes + 1 + size <= NOTIFY_PAYLOAD_MAX) {
      current += PACK_SEPARATOR + p;
      bytes += 1 + size;
    } else {
      if (current) packed.push(current);
      current = p;
      bytes = size;
    }
  }
  if (current) packed.push(current);
  return packed;
}

export async function startEventBus(
  connectionString: string,
  log: (msg: string, err?: unknown) => void,
  opts: EventBusOptions = {},
): Promise<EventBus> {
  const flushEveryMs = opts.flushEveryMs ?? FLUSH_EVERY_MS;
  const backlogMax = opts.backlogMaxBytes ?? CLIENT_BACKLOG_MAX_BYTES;
  // A client with this much waiting is written at once rather than at the next tick.
  const flushAtBytes = Math.min(FLUSH_AT_BYTES, Math.ceil(backlogMax / 4));
  /** topic → its subscribers; a subscriber of n topics is in n sets. */
  const byTopic = new Map<string, Set<Entry>>();
  const listeners = new Map<string, Set<(event: string, data: unknown) => void>>();
  /** Subscribers with frames waiting for the next flush. */
  const dirty = new Set<Entry>();
  let count = 0;
  let client: pg.Client | null = null;
  let stopped = false;

  const remove = (e: Entry) => {
    if (e.dropped) return;
    e.dropped = true;
    count -= 1;
    dirty.delete(e);
    e.pending.length = 0;
    for (const topic of e.topics) {
      const set = byTopic.get(topic);
      set?.delete(e);
      if (set?.size === 0) byTopic.delete(topic);
    }
  };
  const drop = (e: Entry) => {
    remove(e);
    try {
      e.overflow?.();
    } catch (err) {
      log('closing a slow event stream failed', err);
    }
  };

  /** Writes a client's waiting frames as one write; a client whose socket is too far behind goes. */
  const writeOut = (e: Entry) => {
    dirty.delete(e);
    const frames = e.pending.join('');
    e.pending.length = 0;
    e.pendingBytes = 0;
    try {
      e.write(frames);
    } catch (err) {
      log('writing to an event stream failed', err);
    }
    // What the socket could not send yet stays in its buffer: past the limit, the client goes.
    if ((e.backlog?.() ?? 0) > backlogMax) drop(e);
  };

  // A notification holds one event or several packed by publishMany.
  const dispatch = (payload: string) => {
    if (!payload.includes(PACK_SEPARATOR)) return dispatchOne(payload);
    for (const one of payload.split(PACK_SEPARATOR)) dispatchOne(one);
  };

  // Payload: `<topic>\n<event>\n<json of {topic, data}>` (JSON.stringify never writes a raw newline).
  const dispatchOne = (payload: string) => {
    const a = payload.indexOf('\n');
    const b = a < 0 ? -1 : payload.indexOf('\n', a + 1);
    if (b < 0) return;
    const topic = payload.slice(0, a);
    const event = payload.slice(a + 1, b);
    const json = payload.slice(b + 1);
    const subs = byTopic.get(topic);
    if (subs) {
      const frame = `event: ${event}\ndata: ${json}\n\n`;
      const bytes = Buffer.byteLength(frame);
      for (const e of subs) {
        e.pending.push(frame);
        e.pendingBytes += bytes;
        if (e.pendingBytes >= flushAtBytes) writeOut(e);
        else dirty.add(e);
      }
    }
    const handlers = listeners.get(topic);
    if (handlers) {
      let data: unknown;
      try {
        data = (JSON.parse(json) as { data: unknown }).data;
      } catch {
        return;
      }
      for (const h of handlers) {
        try {
          h(event, data);
        } catch (err) {
          log(`listener of ${topic} failed`, err);
        }
      }
    }
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

  // A tick's writes go out FLUSH_SLICE clients at a time with the event loop's I/O between slices:
  // thousands of sockets written in one go held every request behind them for tens of milliseconds.
  let flushing = false;
  const flush = () => {
    if (flushing || dirty.size === 0) return;
    flushing = true;
    const due = [...dirty];
    let at = 0;
    const slice = () => {
      if (stopped) {
        flushing = false;
        return;
      }
      // A client written since the tick (at 16 KiB) or dropped is no longer dirty and is skipped.
      for (const end = Math.min(at + FLUSH_SLICE, due.length); at < end; at++) {
        const e = due[at]!;
        if (dirty.has(e)) writeOut(e);
      }
      if (at < due.length) setImmediate(slice);
      else flushing = false;
    };
    slice();
  };
  const ticker = setInterval(flush, flushEveryMs);
  ticker.unref();

  const notifications: EventBus['notifications'] = (events) => ({
    channel: CHANNEL,
    // Packed several to a notification: the listeners get one message for many events.
    payloads: pack(events.map((e) => notifyPayload(e.topic, e.event, e.data))),
  });

  return {
    async publish(ex, topic, event, data) {
      await sql`SELECT pg_notify(${CHANNEL}, ${notifyPayload(topic, event, data)})`.execute(ex);
    },
    notifications,
    async publishMany(ex, events) {
      const { payloads } = notifications(events);
      for (let i = 0; i < payloads.length; i += PUBLISH_BATCH) {
        const batch = payloads.slice(i, i + PUBLISH_BATCH);
        await sql`SELECT pg_notify(${CHANNEL}, p) FROM unnest(${batch}::text[]) AS p`.execute(ex);
      }
    },
    subscribe(s) {
      const entry: Entry = { ...s, topics: new Set(s.topics), pending: [], pendingBytes: 0, dropped: false };
      count += 1;
      for (const topic of entry.topics) {
        let set = byTopic.get(topic);
        if (!set) {
          set = new Set();
          byTopic.set(topic, set);
        }
        set.add(entry);
      }
      return () => remove(entry);
    },
    listen(topic, handler) {
      let set = listeners.get(topic);
      if (!set) {
        set = new Set();
        listeners.set(topic, set);
      }
      set.add(handler);
      return () => {
        set.delete(handler);
        if (set.size === 0 && listeners.get(topic) === set) listeners.delete(topic);
      };
    },
    subscriberCount: (topic) => (topic === undefined ? count : (byTopic.get(topic)?.size ?? 0)),
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      clearInterval(ticker);
      byTopic.clear();
      listeners.clear();
      dirty.clear();
      count = 0;
      await client?.end().catch(() => {});
    },
  };
}

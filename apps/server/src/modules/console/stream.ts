import { adminStream, WORK_COUNTS_EVENT, type WorkCounts } from '@chok/contract/api/admin-console';
import type { StaffRole } from '@chok/contract/endpoint';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { AppError, envelopeOf } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { type Authenticators, bearer } from '../../platform/http.ts';
import { openEventStream } from '../../platform/stream.ts';
import { STAFF_SESSIONS_TOPIC, type StaffSessionsEnded } from '../admin/service.ts';
import { countsFor, countWork, KINDS_ALL, type WorkSources } from './work.ts';

/** The in-process topic the database publishes waiting-work changes on (console/sql/console_work_changed.sql). */
export const WORK_TOPIC = 'console.work';
/** Changes arriving within this long are counted once. */
export const COALESCE_MS = 300;
const HEARTBEAT_MS = 20_000;
const CLIENTS_MAX = 500;
const BACKLOG_MAX_BYTES = 64 * 1024;

interface Client {
  role: StaffRole;
  staffId: number;
  sessionId: number;
  write(frame: string): void;
  backlog(): number;
  close(): void;
  /** Ends the stream cleanly (its session ended): the browser sees the end and does not get data again. */
  end(): void;
  last: string;
}

const frameOf = (counts: WorkCounts) =>
  `event: ${WORK_COUNTS_EVENT}\ndata: ${JSON.stringify({ topic: 'work', data: counts })}\n\n`;

export interface StaffStreamDeps {
  db: Db;
  events: EventBus;
  authenticators: Authenticators;
  sources: WorkSources;
  /** A connection is closed after this long (the staff idle time), so the token is checked again. */
  maxAgeMs: number;
  log: (msg: string, err?: unknown) => void;
}

/**
 * GET /api/admin/stream: server-sent events for staff, the token in the Authorization header only
 * (docs/decisions/0007-stream-auth.md). On connect, the caller's counts of waiting work; then, each
 * time the database reports a change (WORK_TOPIC), the counts are read once for all connected staff
 * (changes within COALESCE_MS together) and each client gets its role's counts when they differ from
 * what it has. A connection ends at once when its staff session ends (a logout, or an account change
 * that ends the sessions), on whichever process it is: the admin module announces it on the event
 * bus (STAFF_SESSIONS_TOPIC), which reaches every process.
 */
export function registerStaffStream(app: FastifyInstance, d: StaffStreamDeps): { stop(): void } {
  const clients = new Set<Client>();
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let again = false;

  const push = async () => {
    timer = null;
    if (clients.size === 0) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      const all = await countWork(d.db, d.sources, KINDS_ALL);
      for (const c of clients) {
        const frame = frameOf(countsFor(all, c.role));
        if (frame === c.last) continue;
        c.last = frame;
        c.write(frame);
        if (c.backlog() > BACKLOG_MAX_BYTES) c.close();
      }
    } catch (err) {
      d.log('counting waiting work failed', err);
    } finally {
      running = false;
      if (again) {
        again = false;
        schedule();
      }
    }
  };
  const schedule = () => {
    if (timer || clients.size === 0) return;
    timer = setTimeout(() => void push(), COALESCE_MS);
    timer.unref();
  };
  const unlisten = d.events.listen(WORK_TOPIC, schedule);
  const unlistenSessions = d.events.listen(STAFF_SESSIONS_TOPIC, (_event, data) => {
    const e = data as Partial<StaffSessionsEnded>;
    if (typeof e.staff_id !== 'number') return;
    for (const c of clients) {
      if (c.staffId !== e.staff_id) continue;
      const ended =
        typeof e.session_id === 'number' ? c.sessionId === e.session_id : c.sessionId !== e.except_session_id;
      if (ended) c.end();
    }
  });

  app.get(adminStream.path, async (req, reply) => {
    if ((req.query as { access_token?: unknown } | undefined)?.access_token !== undefined) {
      return reply.status(400).send(envelopeOf(new AppError('MALFORMED_REQUEST')));
    }
    const token = bearer(req);
    const staff = token ? await d.authenticators.staff(token) : null;
    if (!staff) return reply.status(401).send(envelopeOf(new AppError('UNAUTHORIZED')));
    if (!adminStream.roles?.includes(staff.role)) {
      return reply.status(403).send(envelopeOf(new AppError('FORBIDDEN')));
    }
    if (clients.size >= CLIENTS_MAX) return reply.status(503).send(envelopeOf(new AppError('INTERNAL')));
    const first = frameOf(countsFor(await countWork(d.db, d.sources, KINDS_ALL), staff.role));

    const res = openEventStream(reply);
    res.write(`retry: 3000\n: connected\n\n${first}`);
    const client: Client = {
      role: staff.role,
      staffId: staff.staffId,
      sessionId: staff.sessionId,
      last: first,
      write: (frame) => res.write(frame),
      backlog: () => res.writableLength,
      close: () => res.destroy(),
      end: () => {
        clients.delete(client);
        res.end();
      },
    };
    clients.add(client);
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    // After the idle time the client reconnects, and its token is checked again.
    const expiry = setTimeout(() => res.end(), d.maxAgeMs);
    const close = () => {
      clearInterval(heartbeat);
      clearTimeout(expiry);
      clients.delete(client);
    };
    req.raw.on('close', close);
    res.on('error', close);
    // A logout that committed between the check above and this client joining the set announced
    // itself before the client could hear it: the session is read once more now it listens.
    if (!token || !(await d.authenticators.staff(token))) client.end();
  });

  return {
    stop() {
      unlisten();
      unlistenSessions();
      if (timer) clearTimeout(timer);
      for (const c of clients) c.close();
      clients.clear();
    },
  };
}

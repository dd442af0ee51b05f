import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { stream as streamEndpoint } from '@chok/contract/api/system';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, envelopeOf } from './errors.ts';
import type { EventBus } from './events.ts';
import type { FeedProcess } from './feed-process.ts';
import { type Authenticators, bearer } from './http.ts';

// No dot: topics with one are the bus's in-process topics (events.ts), never a client's.
const TOPIC = /^[a-z_]+(:[A-Za-z0-9_-]{1,40})?$/;
const TOPICS_MAX = 20;
const CLIENTS_MAX = 5000;
const HEARTBEAT_MS = 20_000;

/**
 * Takes the reply over from Fastify and answers 200 with the headers of a server-sent-events stream
 * (no caching, no proxy buffering) besides those the reply already holds (the security headers,
 * `platform/security-headers.ts`); the caller writes the frames to the returned response.
 */
export function openEventStream(reply: FastifyReply): ServerResponse {
  const held = reply.getHeaders() as OutgoingHttpHeaders;
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...held,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  return res;
}

/** How many live feeds one process keeps open, and for whom (docs/operations.md, "Live feeds"). */
export interface StreamLimits {
  /** Feeds without a member token, in all; the rest of the process's 5,000 stay for members. */
  anonymous: number;
  /** Feeds without a member token from one address. */
  perAddress: number;
  /** Feeds of one member (tabs, devices). */
  perMember: number;
}

/** Open feeds per key; `take` counts one in when under `max`, in one synchronous step. */
function counter() {
  const open = new Map<string | number, number>();
  return {
    take(key: string | number, max: number): boolean {
      const n = open.get(key) ?? 0;
      if (n >= max) return false;
      open.set(key, n + 1);
      return true;
    },
    give(key: string | number): void {
      const n = (open.get(key) ?? 1) - 1;
      if (n <= 0) open.delete(key);
      else open.set(key, n);
    },
  };
}

/**
 * GET /api/stream: server-sent events. Public topics are asked for in `topics` (comma-separated,
 * e.g. `round:42`); a member token in the `Authorization: Bearer` header adds the member's private
 * topic `member:<id>`, which no one can ask for by name. A token is never taken from the URL (URLs
 * are logged): `access_token` in the query is refused (docs/decisions/0007-stream-auth.md).
 */
export function registerStream(
  app: FastifyInstance,
  bus: EventBus,
  auth: Authenticators,
  limits: StreamLimits,
  /** The live-feed process (SSE_PROCESS), which takes a member's stream once it is open. */
  feedProcess: () => FeedProcess | null = () => null,
): void {
  const byAddress = counter();
  const byMember = counter();
  const anonymous = counter();
  app.get(streamEndpoint.path, async (req, reply) => {
    // A token in the URL is refused even when valid (URLs are logged).
    if ((req.query as { access_token?: unknown } | undefined)?.access_token !== undefined) {
      return reply.status(400).send(envelopeOf(new AppError('MALFORMED_REQUEST')));
    }
    // The contract's schema: a repeated `topics` (an array) or any non-string is refused, not split.
    const parsed = streamEndpoint.query!.safeParse(req.query ?? {});
    if (!parsed.success) return reply.status(400).send(envelopeOf(new AppError('MALFORMED_REQUEST')));
    const query = parsed.data;
    const asked = (query.topics ?? '').split(',').filter((t) => t !== '');
    if (asked.length > TOPICS_MAX || asked.some((t) => !TOPIC.test(t) || t.startsWith('member:'))) {
      return reply.status(400).send(envelopeOf(new AppError('MALFORMED_REQUEST')));
    }
    const feed = feedProcess();
    if (bus.subscriberCount() + (feed?.count() ?? 0) >= CLIENTS_MAX) {
      return reply.status(503).send(envelopeOf(new AppError('INTERNAL')));
    }
    const token = bearer(req);
    const member = token ? await auth.member(token) : null;
    if (token && !member) return reply.status(401).send(envelopeOf(new AppError('UNAUTHORIZED')));
    const topics = new Set(asked);
    if (member) topics.add(`member:${member.memberId}`);

    // Slots, taken with no await between the checks and the stream's start: anonymous feeds have a
    // share of their own and a few per address, so no address and no crowd of visitors can take the
    // slots members' balances and results arrive on; a member has a few per account.
    let release: () => void;
    if (member) {
      if (!byMember.take(member.memberId, limits.perMember)) {
        return reply.status(429).send(envelopeOf(new AppError('RATE_LIMITED')));
      }
      release = () => byMember.give(member.memberId);
    } else {
      if (!byAddress.take(req.ip, limits.perAddress)) {
        return reply.status(429).send(envelopeOf(new AppError('RATE_LIMITED')));
      }
      if (!anonymous.take('all', limits.anonymous)) {
        byAddress.give(req.ip);
        return reply.status(503).send(envelopeOf(new AppError('INTERNAL')));
      }
      const ip = req.ip;
      release = () => {
        byAddress.give(ip);
        anonymous.give('all');
      };
    }

    const res = openEventStream(reply);
    const first = `retry: 3000\n: connected ${[...topics].join(',')}\n\n`;
    // A member's stream goes to the live-feed process once its head is out: that process subscribes
    // it, then writes the first frame (so every event after "connected" reaches the client) and the
    // rest, and tells when it closed (platform/feed-process.ts). Anonymous ones stay here (few, and
    // not on the shooting page's hot path).
    if (feed?.ready() && member) {
      const socket = req.raw.socket;
      let released = false;
      const closed = () => {
        if (released) return;
        released = true;
        release();
      };
      res.flushHeaders();
      // Called once the head has been written to the connection (writes complete in order).
      socket.write('', (err) => {
        if (err || socket.destroyed) {
          socket.destroy();
          closed();
        } else feed.adopt(socket, [...topics], first, closed);
      });
      return;
    }
    res.write(first);
    // A client that cannot keep up (its socket's buffer and waiting frames past the bus's limit) is
    // cut off rather than buffered without bound; it reconnects after `retry` and reloads its state.
    const unsubscribe = bus.subscribe({
      topics,
      write: (frames) => res.write(frames),
      backlog: () => res.writableLength,
      overflow: () => {
        req.log.info({ topics: topics.size }, 'event stream too far behind: closed');
        res.destroy();
      },
    });
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      release();
    };
    req.raw.on('close', close);
    res.on('error', close);
  });
}

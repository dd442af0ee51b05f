import { stream as streamEndpoint } from '@chok/contract/api/system';
import type { FastifyInstance } from 'fastify';
import { AppError, envelopeOf } from './errors.ts';
import type { EventBus } from './events.ts';
import type { Authenticators } from './http.ts';

const TOPIC = /^[a-z_]+(:[A-Za-z0-9_-]{1,40})?$/;
const TOPICS_MAX = 20;
const CLIENTS_MAX = 5000;
const HEARTBEAT_MS = 20_000;

/**
 * GET /api/stream: server-sent events. Public topics are asked for in `topics` (comma-separated,
 * e.g. `round:42`); a member token (`access_token`, since EventSource cannot send headers) adds the
 * member's private topic `member:<id>`, which no one can ask for by name.
 */
export function registerStream(app: FastifyInstance, bus: EventBus, auth: Authenticators): void {
  app.get(streamEndpoint.path, async (req, reply) => {
    // The contract's schema: a repeated `topics` (an array) or any non-string is refused, not split.
    const parsed = streamEndpoint.query!.safeParse(req.query ?? {});
    if (!parsed.success) return reply.status(400).send(envelopeOf(new AppError('MALFORMED_REQUEST')));
    const query = parsed.data;
    const asked = (query.topics ?? '').split(',').filter((t) => t !== '');
    if (asked.length > TOPICS_MAX || asked.some((t) => !TOPIC.test(t) || t.startsWith('member:'))) {
      return reply.status(400).send(envelopeOf(new AppError('MALFORMED_REQUEST')));
    }
    if (bus.subscriberCount() >= CLIENTS_MAX) {
      return reply.status(503).send(envelopeOf(new AppError('INTERNAL')));
    }
    const member = query.access_token ? await auth.member(query.access_token) : null;
    if (query.access_token && !member)
      return reply.status(401).send(envelopeOf(new AppError('UNAUTHORIZED')));
    const topics = new Set(asked);
    if (member) topics.add(`member:${member.memberId}`);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: 3000\n: connected ${[...topics].join(',')}\n\n`);
    const unsubscribe = bus.subscribe({ topics, write: (frames) => res.write(frames) });
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
    };
    req.raw.on('close', close);
    res.on('error', close);
  });
}

import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { timestamp } from '../fields.ts';

export const health = endpoint({
  method: 'GET',
  path: '/api/health',
  tag: 'system',
  auth: 'none',
  summary: 'Liveness and database reachability',
  data: z.object({ status: z.literal('ok'), server_time: timestamp }),
});

export const openApiDocument = endpoint({
  method: 'GET',
  path: '/api/docs/openapi.json',
  tag: 'system',
  auth: 'none',
  summary: 'This document (answered as plain OpenAPI JSON, without the envelope)',
  data: z.record(z.string(), z.unknown()),
});

export const stream = endpoint({
  method: 'GET',
  path: '/api/stream',
  tag: 'system',
  auth: 'optional',
  summary:
    'Server-sent events (text/event-stream, not enveloped). Frames: `event: <name>` and `data: {topic, data}`. ' +
    'Public topics by name (e.g. round:42); a member bearer token in the Authorization header adds ' +
    'member:<id>. Read it with fetch (EventSource cannot send the header); a token in the URL is refused.',
  query: z.object({
    topics: z.string().optional().describe('Comma-separated public topics, at most 20'),
  }),
  data: z.unknown(),
});

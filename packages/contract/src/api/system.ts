import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { timestamp } from '../fields.ts';

export const health = endpoint({
  method: 'GET',
  path: '/api/health',
  tag: 'system',
  auth: 'none',
  summary:
    'Liveness: the process answers (it does not ask the database; a load balancer routes by /api/ready). ' +
    'docs/operations.md, "Health and readiness"',
  data: z.object({ status: z.literal('ok'), server_time: timestamp }),
});

/** What /api/ready checks; each is true when it holds (or does not apply to this process). */
const readyChecks = z.object({
  database: z.boolean().describe('The database answers'),
  migrations: z.boolean().describe('Every migration file of this release is applied'),
  jobs: z.boolean().describe('The job runner runs (true where this process runs no jobs)'),
});

export const ready = endpoint({
  method: 'GET',
  path: '/api/ready',
  tag: 'system',
  auth: 'none',
  summary:
    'Readiness for traffic: the database answers, the migrations of this release are applied, and the jobs ' +
    'run where this process runs them. Not ready: HTTP 503, error 2780 (NOT_READY), data = the checks.',
  data: z.object({ status: z.literal('ready'), checks: readyChecks }),
});

export const metrics = endpoint({
  method: 'GET',
  path: '/api/metrics',
  tag: 'system',
  auth: 'none',
  summary:
    'Prometheus metrics (text format 0.0.4, not enveloped) with `Authorization: Bearer <METRICS_TOKEN>`; ' +
    '404 when METRICS_TOKEN is not set, 401 with another token. docs/operations.md, "Metrics and alerts"',
  data: z.string(),
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

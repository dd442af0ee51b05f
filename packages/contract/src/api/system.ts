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

import { z } from 'zod';
import type { Endpoint } from './endpoint.ts';
import { errorCatalogue } from './errors.ts';

type JsonSchema = Record<string, unknown>;

function schemaOf(s: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(s, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function envelopeOf(data: z.ZodType): JsonSchema {
  return {
    type: 'object',
    required: ['error', 'message', 'data'],
    properties: {
      error: { type: 'integer', description: '0 on success; otherwise a code of the error catalogue' },
      message: { type: 'string', description: 'Thai message a member can act on' },
      code: { type: 'string' },
      fields: { type: 'object', additionalProperties: { type: 'string' } },
      data: schemaOf(data, 'output'),
    },
  };
}

function queryParameters(query: z.ZodType, where: 'query' | 'path'): JsonSchema[] {
  const schema = schemaOf(query, 'input');
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: s,
  }));
}

/** Builds the OpenAPI 3.1 document from the contract's endpoints. */
export function buildOpenApi(endpoints: readonly Endpoint[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints) {
    const path = e.path.replace(/:(\w+)/g, '{$1}');
    const op: Record<string, unknown> = {
      tags: [e.tag],
      summary: e.summary,
      operationId: `${e.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string) => (c ?? '').toUpperCase())}`,
      responses: {
        '200': {
          description: 'Envelope; error 0 on success',
          content: {
            'application/json': {
              schema: e.envelope === false ? schemaOf(e.data, 'output') : envelopeOf(e.data),
            },
          },
        },
        '400': { description: 'Malformed request (a correct client never sends it)' },
        ...(e.auth === 'member' || e.auth === 'staff'
          ? { '401': { description: 'Missing, expired or revoked token' } }
          : {}),
        ...(e.rateLimit ? { '429': { description: 'Too many requests' } } : {}),
      },
    };
    if (e.auth === 'member') op.security = [{ memberToken: [] }];
    // Public, with a member's token read when one is sent: the empty requirement says none is needed.
    if (e.auth === 'optional') op.security = [{}, { memberToken: [] }];
    if (e.auth === 'staff') {
      op.security = [{ staffToken: [] }];
      op['x-staff-roles'] = e.roles;
    }
    const parameters = [
      ...(e.params ? queryParameters(e.params, 'path') : []),
      ...(e.query ? queryParameters(e.query, 'query') : []),
    ];
    if (parameters.length > 0) op.parameters = parameters;
    if (e.body) op.requestBody = { content: { 'application/json': { schema: schemaOf(e.body, 'input') } } };
    paths[path] = { ...paths[path], [e.method.toLowerCase()]: op };
  }
  return {
    openapi: '3.1.0',
    info: {
      ...info,
      description: `Error catalogue: ${Object.entries(errorCatalogue)
        .map(([code, v]) => `${v.error} ${code} (HTTP ${v.status})`)
        .join('; ')}`,
    },
    components: {
      securitySchemes: {
        memberToken: { type: 'http', scheme: 'bearer', description: 'access_token from POST /api/login' },
        staffToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'access_token from POST /api/admin/login',
        },
      },
    },
    paths,
  };
}

/**
 * The console's connector page (docs/rules/connectors.md): every link to an outside service with its
 * state, the credentials it has (never their values) and where they come from, and the owner's means to
 * enter a credential, remove it and send a test through the connector.
 */
import { z } from 'zod';
import { type Endpoint, endpoint } from '../endpoint.ts';
import { phone, timestamp } from '../fields.ts';

const tag = 'admin-connectors';

const code = z.string().regex(/^[a-z0-9_]{2,32}$/, { error: 'ไม่พบการเชื่อมต่อนี้' });
const secretName = z.string().regex(/^[a-z0-9_]{2,32}$/, { error: 'ไม่พบรหัสชื่อนี้' });

export const connectorState = z.object({
  code: z.string(),
  label: z.string(),
  kind: z.enum(['sms', 'line', 'payment', 'wallet', 'relay', 'games', 'results']),
  configured: z.boolean(),
  can_test: z.boolean(),
  secrets: z.array(
    z.object({
      name: z.string(),
      source: z.enum(['env', 'console', 'unset']),
      updated_at: timestamp.nullable(),
    }),
  ),
  calls_24h: z.number().int(),
  errors_24h: z.number().int(),
  error_rate_24h: z.number(),
  last_ok_at: timestamp.nullable(),
  last_error_at: timestamp.nullable(),
  last_error: z.string().nullable(),
});

export const connectorList = endpoint({
  method: 'GET',
  path: '/api/admin/connectors',
  tag,
  auth: 'staff',
  roles: ['owner', 'support'],
  summary:
    'Every connector: state, credentials set and where from, last success and error, error rate over 24 h',
  data: z.array(connectorState),
});

export const setConnectorSecret = endpoint({
  method: 'PUT',
  path: '/api/admin/connectors/:code/secrets/:name',
  tag,
  auth: 'staff',
  roles: ['owner'],
  summary: 'Store a credential sealed (AES-256-GCM; audited without its value, never returned)',
  params: z.object({ code, name: secretName }),
  body: z.object({
    value: z.string().trim().min(1, { error: 'กรุณากรอกรหัส' }).max(2000, { error: 'รหัสยาวเกินไป' }),
  }),
  data: connectorState,
});

export const removeConnectorSecret = endpoint({
  method: 'DELETE',
  path: '/api/admin/connectors/:code/secrets/:name',
  tag,
  auth: 'staff',
  roles: ['owner'],
  summary: 'Remove a credential entered in the console (audited)',
  params: z.object({ code, name: secretName }),
  data: connectorState,
});

export const testConnector = endpoint({
  method: 'POST',
  path: '/api/admin/connectors/:code/test',
  tag,
  auth: 'staff',
  roles: ['owner'],
  summary: 'Send a test through the connector (SMS: a Thai test message to the phone given; audited)',
  params: z.object({ code }),
  body: z.object({ to: phone.optional() }),
  data: z.object({ message: z.string() }),
});

export const adminConnectorsEndpoints: Endpoint[] = [
  connectorList,
  setConnectorSecret,
  removeConnectorSecret,
  testConnector,
];

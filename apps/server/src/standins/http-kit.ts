import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DemoStandIn, StandIn } from './types.ts';

/**
 * What the stand-ins share (docs/rules/connectors.md §4): a server on 127.0.0.1 that closes with its
 * connections, a request's body (raw, JSON or form), Basic credentials, JSON answers, a failure switch,
 * and the demo starts that several of them take.
 */

/** What the next requests meet: an answer as the provider gives it, its server error, or no answer at all. */
export type StandInMode = 'ok' | 'error500' | 'timeout';

/** The request's body as bytes (what a signature covers). */
export async function readRaw(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** The request's body as text. */
export async function readBody(req: IncomingMessage): Promise<string> {
  return (await readRaw(req)).toString('utf8');
}

/** A JSON object body: `{}` when empty, null when it is not JSON or not an object. */
export async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const text = await readBody(req);
  if (text === '') return {};
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A form body (or a JSON one, its values as strings): the fields by name. */
export async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const text = await readBody(req);
  if ((req.headers['content-type'] ?? '').includes('application/json')) {
    try {
      const v = JSON.parse(text) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)]));
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

export function basicCredentials(req: IncomingMessage): { user: string; password: string } | null {
  const h = req.headers.authorization ?? '';
  if (!h.startsWith('Basic ')) return null;
  const text = Buffer.from(h.slice(6), 'base64').toString('utf8');
  const i = text.indexOf(':');
  return i < 0 ? null : { user: text.slice(0, i), password: text.slice(i + 1) };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * A switch the tests (and an operator trying the demo) turn: the next `times` requests meet `mode`
 * (no answer: the request is held until the stand-in closes), then the stand-in answers normally again.
 */
export function failureSwitch() {
  let mode: StandInMode = 'ok';
  let left = 0;
  return {
    set(m: StandInMode, times = Number.POSITIVE_INFINITY) {
      mode = m;
      left = times;
    },
    /** The mode this request meets. */
    take(): StandInMode {
      if (mode === 'ok' || left <= 0) return 'ok';
      left -= 1;
      return mode;
    },
  };
}

/**
 * Starts `handler` on 127.0.0.1 (or `host`); a handler that throws answers `onError` (by default a 500
 * with a JSON error). `close()` ends held requests with their connections.
 */
export async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void> | void,
  o: { port?: number; host?: string; onError?: (res: ServerResponse) => void } = {},
): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const onError = o.onError ?? ((res: ServerResponse) => sendJson(res, 500, { error: 'stand-in failure' }));
  const server = createServer((req, res) => {
    Promise.resolve()
      .then(() => handler(req, res))
      .catch(() => {
        if (!res.headersSent) onError(res);
      });
  });
  await new Promise<void>((r) => server.listen(o.port ?? 0, o.host ?? '127.0.0.1', r));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      // Requests held unanswered (the 'timeout' mode) end with their connections.
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/**
 * A provider stand-in behind a failure switch: every request is counted and its form read; a request
 * the switch holds gets no answer, one it fails gets `error500Body` with status 500; the others reach
 * `handler`. Answers the server's url and close with `fail` and `requests` for the stand-in's face.
 */
export async function listenSwitched(
  o: { port?: number; error500Body: unknown },
  handler: (req: IncomingMessage, res: ServerResponse, form: Record<string, string>) => Promise<void> | void,
): Promise<{
  url: string;
  close(): Promise<void>;
  fail(mode: StandInMode, times?: number): void;
  requests(): number;
}> {
  const sw = failureSwitch();
  let received = 0;
  const s = await listen(
    async (req, res) => {
      received += 1;
      const form = await readForm(req);
      const mode = sw.take();
      if (mode === 'timeout') return; // held until the stand-in closes
      if (mode === 'error500') return sendJson(res, 500, o.error500Body);
      return handler(req, res, form);
    },
    { port: o.port },
  );
  return { url: s.url, close: s.close, fail: (mode, times) => sw.set(mode, times), requests: () => received };
}

/**
 * The demo start of an SMS provider's stand-in: only when the demo names `provider` in SMS_PROVIDER (or
 * SMS_FALLBACK_PROVIDER) without `credentialEnv` or `urlEnv` set; `settings` are what point the adapter at it.
 */
export function smsProviderDemo<S extends StandIn>(
  provider: string,
  credentialEnv: string,
  urlEnv: string,
  start: () => Promise<S>,
  settings: (s: S, env: Record<string, string | undefined>) => Record<string, string>,
): DemoStandIn {
  return {
    wanted: (env) =>
      (env.SMS_PROVIDER === provider || env.SMS_FALLBACK_PROVIDER === provider) &&
      !env[credentialEnv] &&
      !env[urlEnv],
    async start(env) {
      const s = await start();
      Object.assign(env, { [urlEnv]: s.url }, settings(s, env));
      return s;
    },
  };
}

/**
 * A demo "sender" stand-in (the side that posts to Chok's webhook): `POST /send` with a JSON body whose
 * `fields` have their types (else a 400 naming `usage`) is delivered by `deliver`, its result answered;
 * a delivery that fails answers 502.
 */
export async function startSenderStandIn<T extends Record<string, number | string>>(
  name: string,
  usage: string,
  fields: { [K in keyof T]: T[K] extends number ? 'number' : 'string' },
  deliver: (body: T) => Promise<unknown>,
): Promise<StandIn> {
  const s = await listen(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/send') return sendJson(res, 404, { error: 'not found' });
    const b = (await readJson(req)) ?? {};
    if (!Object.entries(fields).every(([k, type]) => typeof b[k] === type)) {
      return sendJson(res, 400, { error: `${usage} are required` });
    }
    try {
      sendJson(res, 200, await deliver(b as T));
    } catch {
      sendJson(res, 502, { error: 'Chok did not answer' });
    }
  });
  return { name, url: s.url, close: s.close };
}

/** The demo start of a sender stand-in: with no `secretEnv` set, a secret is made up and the sender started. */
export function senderDemo(
  secretEnv: string,
  start: (chokUrl: string, secret: string) => Promise<StandIn>,
): DemoStandIn {
  return {
    wanted: (env) => !env[secretEnv],
    async start(env) {
      const secret = randomBytes(24).toString('hex');
      env[secretEnv] = secret;
      return start(`http://127.0.0.1:${env.PORT ?? '3000'}`, secret);
    },
  };
}

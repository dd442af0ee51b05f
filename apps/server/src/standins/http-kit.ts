import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the SMS stand-ins share: a server on 127.0.0.1, a request's form body, Basic credentials, a switch. */

/** What the next requests meet: an answer as the provider gives it, its server error, or no answer at all. */
export type StandInMode = 'ok' | 'error500' | 'timeout';

export async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
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

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
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

export async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  port = 0,
): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    handler(req, res).catch(() => sendJson(res, 500, { error: 'stand-in failure' }));
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
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

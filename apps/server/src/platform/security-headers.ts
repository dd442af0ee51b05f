import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers for one fixed configuration, worked out once. Helmet builds its
 * middleware from the options (the CSP directives parsed, each header's value formatted); run once
 * against a recorder, it yields the header list every answer carries. `@fastify/helmet` did that
 * work on every request (measured: 17 % of what a provider callback allocated, docs/benchmarks.md).
 */
export function securityHeaders(options: HelmetOptions): [name: string, value: string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, String(value));
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  // Names in lower case (header names are case-insensitive): Node's setHeader lower-cases every name
  // it is given, a new string per header and request unless it already is (issue 38's profiles).
  return [...headers].map(([name, value]) => [name.toLowerCase(), value]);
}

/**
 * Puts the headers on every answer as the request arrives, in Fastify's own header list for the
 * reply, which goes out with the answer's head in one go; an answer that writes its head itself (the
 * live stream, `platform/stream.ts`) takes them from `reply.getHeaders()`. Not on the raw response:
 * Node's header table on each response (an array per header) outlived its request under load and
 * was 25–45 % of what the server thread promoted to its old generation (docs/benchmarks.md, issue
 * 38's third session). An API answer is never stored by a browser or a shared cache (`no-store`: a
 * member's data must not outlive the session in a disk cache or reach another member through a
 * proxy); a live stream sets its own.
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const page = Object.fromEntries(securityHeaders(options));
  const api = { ...page, 'cache-control': 'no-store' };
  app.addHook('onRequest', (req, reply, done) => {
    const url = req.url;
    reply.headers(
      url.startsWith('/api/') || url.startsWith('/provider/') || url.startsWith('/webhooks/') ? api : page,
    );
    done();
  });
}

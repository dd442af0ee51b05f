import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Route } from '@chok/contract/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, requestOf, send } from '../src/api.ts';
import { openEventStream } from '../src/stream.ts';

/** A real HTTP server on a free port; each test sets what it answers. */
let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const route = (method: Route['method'], path: string) => ({ method, path }) as Route;
const local = (url: string, init: RequestInit) => fetch(base + url, init);

describe('requestOf', () => {
  it('fills path parameters, puts the rest in the query of a GET (empty ones left out) or the body', () => {
    expect(requestOf(route('GET', '/api/x/:id'), { id: 'a b', page: 2, q: '', n: null })).toEqual({
      method: 'GET',
      url: '/api/x/a%20b?page=2',
    });
    expect(requestOf(route('POST', '/api/x/:id'), { id: 7, amount: '10.00' })).toEqual({
      method: 'POST',
      url: '/api/x/7',
      body: { amount: '10.00' },
    });
  });
});

describe('send', () => {
  it('unwraps the envelope, sending the headers and the JSON body', async () => {
    let seen: { headers: IncomingMessage['headers']; body: string } | null = null;
    handler = (req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        seen = { headers: req.headers, body };
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ error: 0, message: '', data: { ok: true } }));
      });
    };
    const data = await send(
      route('POST', '/api/thing'),
      { a: 1 } as never,
      { authorization: 'Bearer t' },
      undefined,
      local,
    );
    expect(data).toEqual({ ok: true });
    expect(seen).toMatchObject({
      headers: { authorization: 'Bearer t', 'content-type': 'application/json', accept: 'application/json' },
      body: '{"a":1}',
    });
  });

  it("throws a refusal as an ApiError with the server's Thai message, fields and code; the answer hook sees it first", async () => {
    handler = (_req, res) => {
      res.statusCode = 422;
      res.end(
        JSON.stringify({
          error: 12,
          message: 'ยอดไม่ถูกต้อง',
          code: 'BAD_AMOUNT',
          fields: { amount: 'ยอดไม่ถูกต้อง' },
          data: null,
        }),
      );
    };
    const statuses: number[] = [];
    const err = await send(
      route('GET', '/api/thing'),
      {} as never,
      {},
      (status) => statuses.push(status),
      local,
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ message: 'ยอดไม่ถูกต้อง', error: 12, status: 422, code: 'BAD_AMOUNT' });
    expect((err as ApiError).fields).toEqual({ amount: 'ยอดไม่ถูกต้อง' });
    expect(statuses).toEqual([422]);
  });

  it('turns an answer that is no envelope, and a network failure, into Thai errors', async () => {
    handler = (_req, res) => {
      res.statusCode = 502;
      res.end('<html>Bad Gateway</html>');
    };
    await expect(send(route('GET', '/api/thing'), {} as never, {}, undefined, local)).rejects.toMatchObject({
      message: 'ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง',
      status: 502,
    });
    let settled = 0;
    const refused = send(
      route('GET', '/api/thing'),
      {} as never,
      {},
      undefined,
      () => Promise.reject(new TypeError('offline')),
      () => settled++,
    );
    await expect(refused).rejects.toMatchObject({ status: 0, error: -1 });
    expect(settled).toBe(1);
  });
});

describe('openEventStream', () => {
  it('reads frames, reconnects after a drop waiting the retry the server sent, and stops on a refused status', async () => {
    let connections = 0;
    handler = (req, res) => {
      connections++;
      if (connections === 3) {
        res.statusCode = 401;
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`retry: 5\n: comment\n\nevent: work\ndata: {"n":${connections}}\n\n`);
      // A frame cut between two chunks, then not JSON (skipped), then the drop.
      res.write('event: work\nda');
      res.end(`ta: {"n":${connections * 10}}\r\n\r\nevent: work\ndata: {oops\n\n`);
      expect(req.headers.authorization).toBe('Bearer s');
    };
    const frames: unknown[] = [];
    const stopped: number[] = [];
    const close = openEventStream(
      `${base}/api/stream`,
      { authorization: 'Bearer s' },
      (event, frame) => frames.push([event, frame]),
      (status) => {
        if (status === 401) stopped.push(status);
        return status === 401;
      },
    );
    await expect.poll(() => stopped).toEqual([401]);
    close();
    expect(frames).toEqual([
      ['work', { n: 1 }],
      ['work', { n: 10 }],
      ['work', { n: 2 }],
      ['work', { n: 20 }],
    ]);
    expect(connections).toBe(3);
  });
});

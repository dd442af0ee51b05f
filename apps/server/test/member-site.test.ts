import { layoutNames, memberRoutes } from '@chok/contract/layouts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startupPayload } from '../src/platform/member-site.ts';
import { createTestApp, FixedClock, scratchWebDist, type TestApp } from './helpers.ts';

let t: TestApp;
let web: ReturnType<typeof scratchWebDist>;
beforeAll(async () => {
  web = scratchWebDist();
  t = await createTestApp({ env: { WEB_DIST: web.dir } });
});
afterAll(async () => {
  await t.close();
  web.remove();
});

/** The start-up payload the server put into a page's HTML. */
async function startup(
  url: string,
  status = 200,
): Promise<{ layout: string | null; agent: unknown; error: unknown }> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(status);
  expect(res.headers['content-type']).toContain('text/html');
  const m = /<script type="application\/json" id="chok-startup">(.*?)<\/script>/.exec(res.body);
  expect(m, url).not.toBeNull();
  return JSON.parse(m![1]!);
}

describe('the start-up payload names the route’s layout (spec §2)', () => {
  it.each([
    ['/', 'default'],
    ['/promotions', 'default'],
    ['/lotto/results?date=2026-11-01', 'default'],
    ['/lotto/rates', 'default'],
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
    ['/member/promotions', 'auth'],
    ['/affiliate', 'auth'],
    ['/forgot', 'no-auth'],
    ['/register_box', 'iframe'],
    ['/play', 'game'],
    ['/poll/1', 'default'],
    ['/fair', 'default'],
    ['/sooth', 'auth'],
  ])('GET %s → %s', async (url, layout) => {
    const payload = await startup(url);
    expect(payload.layout).toBe(layout);
    expect(payload.error).toBeNull();
  });

  it.each([['/no/such/page'], ['/lotto/abc'], ['/lotto/0'], ['/lotto/12/extra'], ['/lotto/99999999999']])(
    'GET %s → 404: the error page in the default layout (spec §8 page validation)',
    async (url) => {
      const payload = await startup(url, 404);
      expect(payload.layout).toBe('default');
      expect(payload.error).toEqual({ status: 404, message: 'Not Found' });
    },
  );

  it('a well-formed round id that names no round is a 404 too; an existing round is a page', async () => {
    const payload = await startup('/lotto/2147483647', 404);
    expect(payload.error).toEqual({ status: 404, message: 'Not Found' });
    const round = await t.db.selectFrom('lotto_round').select('id').orderBy('id').executeTakeFirstOrThrow();
    expect((await startup(`/lotto/${round.id}`)).error).toBeNull();
  });

  it('every layout of the spec is used by some route, and every route names one of them', () => {
    expect(new Set(Object.values(memberRoutes))).toEqual(new Set(layoutNames));
  });
});

describe('a start-up payload that cannot be made carries the error page, in Thai', () => {
  it('agent config failing → error 500 with the Thai message, the layout still named', async () => {
    const clock = new FixedClock(new Date('2026-11-20T03:00:00Z'));
    const payload = await startupPayload('/lotto/lobby', {
      clock,
      agentConfig: () => Promise.reject(new Error('database down')),
    });
    expect(payload).toEqual({
      agent: null,
      layout: 'default',
      server_time: '2026-11-20T03:00:00.000Z',
      error: { status: 500, message: 'เกิดข้อผิดพลาด' },
    });
  });
});

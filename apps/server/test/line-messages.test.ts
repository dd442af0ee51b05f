import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnectors } from '../src/modules/connectors/connectors.ts';
import { lineMessaging } from '../src/modules/line/messaging.ts';
import { testSend } from '../src/modules/line/notify.ts';
import {
  KEEP_DAYS,
  pruneLinePushes,
  queueMoneyPush,
  RETRY_BASE_MS,
  sendLinePushes,
} from '../src/modules/line/push.ts';
import { NO_PREFS, type PrefRow } from '../src/modules/line/push-queries.ts';
import { TEST_TEXT } from '../src/modules/line/texts.ts';
import { FixedClock } from '../src/platform/clock.ts';
import { inTransaction } from '../src/platform/db.ts';
import { AppError } from '../src/platform/errors.ts';
import { type LineMessagingStandIn, startLineMessagingStandIn } from '../src/standins/line.ts';
import { call, createTestApp, registerMember, staffToken, type TestApp } from './helpers.ts';
import { lineUserId } from './line-standin.ts';
import { buy, closeNow, enterResult, fund, marketId, openRound } from './lotto-fixtures.ts';
import { newMember, withdraw } from './payments-fixtures.ts';

// LINE messages (docs/rules/connectors.md §5): what a linked member opted into is queued in the
// transaction of what it tells, and the send job delivers it through the Messaging API — here the
// stand-in (apps/server/src/standins/line.ts) over HTTP on 127.0.0.1.

const THAI = /[\u0E00-\u0E7F]/;
const LATIN_WORD = /[A-Za-z]{2,}/;
let line: LineMessagingStandIn;
let t: TestApp;
const clock = new FixedClock(new Date());
let deps: Parameters<typeof sendLinePushes>[0];
let notifyDeps: Parameters<typeof testSend>[0];

beforeAll(async () => {
  line = await startLineMessagingStandIn();
  const env = {
    LINE_MESSAGING_API_URL: line.url,
    LINE_CHANNEL_ACCESS_TOKEN: line.accessToken,
    LINE_CHANNEL_SECRET: line.channelSecret,
  };
  t = await createTestApp({ env });
  // The send job's own pieces, on a clock the test moves (backoff).
  const connectors = createConnectors({ db: t.db, clock, env, key: null, previousKey: null });
  deps = { db: t.db, clock, messaging: lineMessaging({ connectors, baseUrl: line.url }) };
  notifyDeps = { ...deps, connectors };
});
afterAll(async () => {
  await t.close();
  await line.close();
});

/** Every notification off, no market: the settings a member starts with. */
const ALL_OFF = NO_PREFS;

/** A member with a LINE account linked (as the LIFF link stores it) and the given settings saved. */
async function linkedMember(settings: Partial<PrefRow> | null) {
  const m = await newMember(t);
  const userId = lineUserId();
  await t.db
    .insertInto('member_line_link')
    .values({ member_id: m.memberId, line_user_id: userId, display_name: null, linked_at: new Date() })
    .execute();
  if (settings) {
    const r = await call(t.app, 'PUT', '/api/line/notify', {
      token: m.token,
      body: { ...ALL_OFF, ...settings },
    });
    expect(r.body.error, r.body.message).toBe(0);
  }
  return { ...m, userId };
}

const webhook = (events: Parameters<LineMessagingStandIn['webhookRequest']>[0], sign = true) => {
  const { body, headers } = line.webhookRequest(events, { sign });
  return t.app.inject({ method: 'POST', url: '/api/line/webhook', headers, payload: body });
};
const following = async (token: string) =>
  (await call<{ following: boolean }>(t.app, 'GET', '/api/line/notify', { token })).body.data.following;
const to = (userId: string) => line.delivered().filter((d) => d.to === userId);

describe('the profile settings', () => {
  it('are refused in Thai without a linked LINE account, and saved and read back with one', async () => {
    const plain = await registerMember(t);
    const r = await call(t.app, 'PUT', '/api/line/notify', {
      token: plain.token,
      body: { ...ALL_OFF, bill: true },
    });
    expect(r.body.code).toBe('LINE_NOTIFY_NOT_LINKED');
    expect(r.body.message).toMatch(THAI);
    expect(
      await t.db.selectFrom('line_notify_pref').where('member_id', '=', plain.memberId).execute(),
    ).toEqual([]);

    const m = await linkedMember({ bill: true, results: true, markets: [3, 1, 3] });
    const got = await call(t.app, 'GET', '/api/line/notify', { token: m.token });
    expect(got.body.data).toEqual({
      linked: true,
      following: true,
      settings: { ...ALL_OFF, bill: true, results: true, markets: [1, 3] },
    });
  });
});

describe('a settled bill', () => {
  it('is pushed exactly once to an opted-in linked member, and not to one who opted out or unfollowed', async () => {
    const wants = await linkedMember({ bill: true });
    const optedOut = await linkedMember({ deposit: true, bill: false });
    const unfollowed = await linkedMember({ bill: true });
    expect((await webhook([line.event('unfollow', unfollowed.userId)])).statusCode).toBe(200);
    expect(await following(unfollowed.token)).toBe(false);

    const roundId = await openRound(t, 'lao');
    const bills: number[] = [];
    for (const m of [wants, optedOut, unfollowed]) {
      await fund(t, m.memberId, 500);
      const b = await buy(t, m.token, roundId, [{ bet_type: 'two_top', number: '12', amount: 100 }]);
      expect(b.body.error, b.body.message).toBe(0);
      bills.push(b.body.data.bill.bill_id);
    }
    await closeNow(t, roundId);
    expect((await enterResult(t, roundId, { number: '4312' })).body.data).toMatchObject({
      status: 'settled',
    });

    await sendLinePushes(deps);
    await sendLinePushes(deps); // a second run finds nothing left to send
    const got = to(wants.userId);
    expect(got).toHaveLength(1);
    expect(got[0]!.via).toBe('push');
    expect(got[0]!.text).toContain(`โพยเลขที่ ${bills[0]}`);
    expect(got[0]!.text).toContain('ถูกรางวัล 9,000.00 บาท');
    expect(got[0]!.text).not.toMatch(LATIN_WORD);
    expect(got[0]!.text).not.toContain('คงเหลือ'); // no balance unless chosen
    expect(to(optedOut.userId)).toEqual([]);
    expect(to(unfollowed.userId)).toEqual([]);
  });
});

describe("a market's result", () => {
  it('goes by one multicast to the members following that market, and to no one else', async () => {
    const lao = await marketId(t, 'lao');
    const glo = await marketId(t, 'glo');
    const a = await linkedMember({ results: true, markets: [lao, glo] });
    const b = await linkedMember({ results: true, markets: [lao] });
    const other = await linkedMember({ results: true, markets: [glo] });
    const off = await linkedMember({ results: false, markets: [lao] });
    const roundId = await openRound(t, 'lao', { businessDate: '2030-01-16' });
    await closeNow(t, roundId);
    expect((await enterResult(t, roundId, { number: '4312' })).body.error).toBe(0);
    await sendLinePushes(deps);
    const got = [...to(a.userId), ...to(b.userId)];
    expect(got).toHaveLength(2);
    expect(new Set(got.map((d) => d.via))).toEqual(new Set(['multicast']));
    expect(got[0]!.retryKey).toBe(got[1]!.retryKey);
    expect(got[0]!.text).toMatch(/^โชค: ผลหวยลาว งวด 16 ม\.ค\. 2573\n/);
    expect(got[0]!.text).toContain('3 ตัวบน: 312');
    expect(to(other.userId)).toEqual([]);
    expect(to(off.userId)).toEqual([]);
  });
});

describe('a withdrawal paid', () => {
  it('is pushed once, without the balance, however often the operator presses pay', async () => {
    const m = await linkedMember({ withdrawal: true });
    await fund(t, m.memberId, 1000);
    const w = await withdraw(t, m.token, 600);
    expect(w.body.error, w.body.message).toBe(0);
    const member = await t.db
      .selectFrom('member')
      .select('account_name')
      .where('id', '=', m.memberId)
      .executeTakeFirstOrThrow();
    const finance = await staffToken(t, 'finance');
    const pay = () =>
      call(t.app, 'POST', `/api/admin/payments/withdrawals/${w.body.data.id}/approve`, {
        token: finance,
        body: { bank_ref: 'KB-LINE-1', bank_account_name: member.account_name },
      });
    const answers = await Promise.all([pay(), pay(), pay()]);
    expect(answers.filter((a) => a.body.error === 0)).toHaveLength(1);
    await sendLinePushes(deps);
    const got = to(m.userId);
    expect(got.map((d) => d.text)).toEqual(['โชค: โอนเงินถอน 600.00 บาท เข้าบัญชีธนาคารของคุณเรียบร้อยแล้ว']);
  });
});

describe('the webhook', () => {
  it('refuses a bad signature and changes nothing', async () => {
    const m = await linkedMember({ bill: true });
    const r = await webhook([line.event('unfollow', m.userId)], false);
    expect(r.statusCode).toBe(401);
    expect(r.json().message).toMatch(THAI);
    expect(await following(m.token)).toBe(true);
  });

  it('ignores a redelivered event (same webhookEventId)', async () => {
    const m = await linkedMember({ bill: true });
    const at = new Date();
    const follow = line.event('follow', m.userId, at);
    const unfollow = line.event('unfollow', m.userId, at);
    expect((await webhook([follow])).statusCode).toBe(200);
    expect((await webhook([unfollow])).statusCode).toBe(200);
    expect(await following(m.token)).toBe(false);
    const again = await webhook([{ ...follow, deliveryContext: { isRedelivery: true } }]);
    expect(again.statusCode).toBe(200);
    expect(await following(m.token)).toBe(false);
  });

  it("answers LINE's empty verify request", async () => {
    expect((await webhook([])).json()).toMatchObject({ error: 0, data: { received: true } });
  });
});

describe('sending', () => {
  const queueDeposit = (memberId: number, ref: string) =>
    inTransaction(t.db, (tx) =>
      queueMoneyPush(tx, { kind: 'deposit', memberId, amountSatang: 150_000, ref, now: clock.now() }),
    );

  it('backs off on 429 and succeeds on the retry, with the balance the member chose to see', async () => {
    const m = await linkedMember({ deposit: true, show_balance: true });
    await fund(t, m.memberId, 1500);
    await queueDeposit(m.memberId, 'T-429');
    line.failNext(1, 429);
    expect(await sendLinePushes(deps)).toMatchObject({ sent: 0, retried: 1 });
    expect(to(m.userId)).toEqual([]);
    // Not yet due: nothing is asked of LINE before the backoff passes.
    const before = line.requests().length;
    await sendLinePushes(deps);
    expect(line.requests().length).toBe(before);
    clock.advance(RETRY_BASE_MS + 1);
    expect(await sendLinePushes(deps)).toMatchObject({ sent: 1 });
    const got = to(m.userId);
    expect(got).toHaveLength(1);
    expect(got[0]!.text).toContain('ฝากเงิน 1,500.00 บาท');
    expect(got[0]!.text).toContain('ยอดเงินคงเหลือ 1,500.00 บาท');
    const keys = line.requests().filter((r) => r.retryKey === got[0]!.retryKey);
    expect(keys.map((r) => r.status)).toEqual([429, 200]);
    const calls = await t.db
      .selectFrom('connector_call')
      .select(['outcome', 'http_status'])
      .where('request_id', '=', got[0]!.retryKey!)
      .orderBy('id')
      .execute();
    expect(calls).toEqual([
      { outcome: 'error', http_status: 429 },
      { outcome: 'ok', http_status: 200 },
    ]);
  });

  it('retries with the same retry key, so a push LINE accepted but whose answer was lost is not sent twice', async () => {
    const m = await linkedMember({ deposit: true });
    await queueDeposit(m.memberId, 'T-lost');
    line.failNext(1, 500, { afterAccepting: true });
    expect(await sendLinePushes(deps)).toMatchObject({ sent: 0, retried: 1 });
    expect(to(m.userId)).toHaveLength(1);
    clock.advance(RETRY_BASE_MS + 1);
    expect(await sendLinePushes(deps)).toMatchObject({ sent: 1 });
    expect(to(m.userId)).toHaveLength(1);
    const key = to(m.userId)[0]!.retryKey;
    expect(
      line
        .requests()
        .filter((r) => r.retryKey === key)
        .map((r) => r.status),
    ).toEqual([500, 409]);
    // The same deposit queued again (a re-run of its transaction's work) is not a second message.
    await queueDeposit(m.memberId, 'T-lost');
    await sendLinePushes(deps);
    expect(to(m.userId)).toHaveLength(1);
  });

  it('sends an announcement by multicast to the members who opted in', async () => {
    const a = await linkedMember({ announcements: true });
    const b = await linkedMember({ announcements: true });
    const no = await linkedMember({ announcements: false, deposit: true });
    const token = await staffToken(t, 'content');
    const r = await call<{ queued: number }>(t.app, 'POST', '/api/admin/line/announcements', {
      token,
      body: { text: 'ปิดปรับปรุงระบบคืนนี้ 02:00 น.' },
    });
    expect(r.body.error, r.body.message).toBe(0);
    expect(r.body.data.queued).toBeGreaterThanOrEqual(2);
    await sendLinePushes(deps);
    for (const m of [a, b]) {
      const got = to(m.userId);
      expect(got).toHaveLength(1);
      expect(got[0]!.via).toBe('multicast');
      expect(got[0]!.text).toContain('ปิดปรับปรุงระบบคืนนี้');
    }
    expect(to(a.userId)[0]!.retryKey).toBe(to(b.userId)[0]!.retryKey);
    expect(to(no.userId)).toEqual([]);
  });

  it("the console's test-send pushes the Thai test text to the LINE user id given, and refuses a malformed id", async () => {
    await expect(testSend(notifyDeps, 'someone')).rejects.toMatchObject({ code: 'LINE_USER_ID_INVALID' });
    await expect(testSend(notifyDeps, 'someone')).rejects.toBeInstanceOf(AppError);
    const owner = lineUserId();
    expect(await testSend(notifyDeps, owner)).toMatch(THAI);
    expect(to(owner).map((d) => d.text)).toEqual([TEST_TEXT]);
  });

  it('two send runs at once deliver a message once', async () => {
    const m = await linkedMember({ deposit: true });
    await queueDeposit(m.memberId, 'T-parallel');
    await Promise.all([sendLinePushes(deps), sendLinePushes(deps), sendLinePushes(deps)]);
    expect(to(m.userId)).toHaveLength(1);
    const key = to(m.userId)[0]!.retryKey;
    expect(line.requests().filter((r) => r.retryKey === key)).toHaveLength(1);
  });

  // Last: moves the clock a month ahead.
  it('removes finished messages after the keeping period', async () => {
    const count = () =>
      t.db
        .selectFrom('line_push')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
    expect(Number((await count()).n)).toBeGreaterThan(0);
    expect(await pruneLinePushes(deps)).toBe(0);
    clock.advance((KEEP_DAYS + 1) * 86_400_000);
    expect(await pruneLinePushes(deps)).toBeGreaterThan(0);
    expect(Number((await count()).n)).toBe(0);
    expect(await t.db.selectFrom('line_push_batch').select('id').execute()).toEqual([]);
  });
});

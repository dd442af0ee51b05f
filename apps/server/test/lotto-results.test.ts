import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnectors } from '../src/modules/connectors/connectors.ts';
import type { LottoDeps } from '../src/modules/lotto/deps.ts';
import { fetchOfficialResult, queueFeedFetches } from '../src/modules/lotto/glo-results.ts';
import { settleRound } from '../src/modules/lotto/settlement.ts';
import { systemClock } from '../src/platform/clock.ts';
import type { Jobs } from '../src/platform/jobs.ts';
import { type GloStandIn, startGloStandIn } from '../src/standins/glo.ts';
import { auditRows, call, createTestApp, FixedClock, staffToken, type TestApp } from './helpers.ts';
import {
  balanceOf,
  buy,
  closeNow,
  fundedMember,
  lottoDeps,
  lottoOf,
  openRound,
  proposeResult,
  R1,
  winTransfers,
} from './lotto-fixtures.ts';

/**
 * No result one person can make (docs/rules/lottery.md §8): the official GLO feed, proposals by staff,
 * review on a mismatch; and the rate/เลขอั้น templates the scheduler applies (§3, §4).
 */

let t: TestApp;
let glo: GloStandIn;
beforeAll(async () => {
  [t, glo] = await Promise.all([createTestApp({ seed: true }), startGloStandIn()]);
});
afterAll(async () => {
  await Promise.all([t.close(), glo.close()]);
});

// biome-ignore lint/suspicious/noExplicitAny: answers are checked against the contract by the app
type Any = any;
async function as(who: 'lotto' | 'owner', method: 'GET' | 'POST', path: string, body?: unknown) {
  const token = await staffToken(t, who);
  return (await call<Any>(t.app, method, path, { token, ...(body !== undefined ? { body } : {}) })).body;
}

const roundOf = (id: number) =>
  t.db
    .selectFrom('lotto_round')
    .select(['status', 'result_version', 'result_review_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

async function auditActions(roundId: number) {
  const rows = await t.db
    .selectFrom('audit_log')
    .select('action')
    .where('entity', '=', 'lotto_round')
    .where('entity_id', '=', String(roundId))
    .where('action', 'like', 'lotto.result.%')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}

/** The lotto deps with the feed pointed at the stand-in (the check publication optional). */
function feedDeps(checkUrl?: string): LottoDeps {
  const d = lottoDeps(t, systemClock);
  return {
    ...d,
    config: { ...t.config, GLO_RESULTS_URL: glo.resultUrl, GLO_RESULTS_CHECK_URL: checkUrl },
    connectors: createConnectors({ db: t.db, clock: systemClock, env: {}, key: null, previousKey: null }),
  };
}

describe('a result needs two sides (docs/rules/lottery.md §8)', () => {
  it('is refused before the draw time; one person, even twice, settles nothing; a second person entering the same settles once', async () => {
    const m = await fundedMember(t, 100);
    const roundId = await openRound(t, 'lao');
    const bill = (await buy(t, m.token, roundId, [{ bet_type: 'two_bottom', number: '43', amount: 10 }])).body
      .data.bill.bill_id;
    // Betting closed, but the draw time (expected_result_at) is still ahead: refused, nothing recorded.
    await sql`UPDATE lotto_round SET close_at = clock_timestamp() - interval '1 second', status = 'closed'
      WHERE id = ${roundId}`.execute(t.db);
    expect((await proposeResult(t, 'lotto', roundId, { number: '4321' })).body.code).toBe(
      'LOTTO_RESULT_TOO_EARLY',
    );
    expect(await auditActions(roundId)).toEqual([]);
    await closeNow(t, roundId);

    const first = await proposeResult(t, 'lotto', roundId, { number: '4321' });
    expect(first.body.data).toMatchObject({ confirmation: 'awaiting', status: 'closed', result_version: 0 });
    // The same person again (the same numbers, then others) is still one side.
    const again = await proposeResult(t, 'lotto', roundId, { number: '4321' });
    expect(again.body.data).toMatchObject({ confirmation: 'awaiting', status: 'closed' });
    expect(await roundOf(roundId)).toMatchObject({ status: 'closed', result_version: 0 });
    expect(await winTransfers(t, bill)).toBe(0);
    expect(await balanceOf(t, m.memberId)).toBe(9_000);
    // The member sees no result yet.
    const pub = await call<Any>(t.app, 'GET', `/api/lotto/result?round_id=${roundId}`);
    expect(pub.body.data.result).toBeNull();

    // The second person does not see the first's numbers before entering their own.
    const seen = await as('owner', 'GET', `/api/admin/lotto/rounds/${roundId}/result/entries`);
    expect(seen.data.entries.filter((e: Any) => e.state === 'open')).toEqual([
      expect.objectContaining({ source: 'staff', staff: 'lotto', mine: false, result: null, raw: null }),
    ]);
    const own = await as('lotto', 'GET', `/api/admin/lotto/rounds/${roundId}/result/entries`);
    expect(own.data.entries.find((e: Any) => e.state === 'open')).toMatchObject({
      mine: true,
      result: { top3: '321', bottom2: '43' },
    });

    const second = await proposeResult(t, 'owner', roundId, { number: '4321' });
    expect(second.body.data).toMatchObject({ confirmation: 'applied', status: 'settled', result_version: 1 });
    expect(second.body.data.paid).toBe('900.00');
    expect(await winTransfers(t, bill)).toBe(1);
    // Entering the same once more, or settling again, pays nothing more.
    expect((await proposeResult(t, 'lotto', roundId, { number: '4321' })).body.data).toMatchObject({
      replayed: true,
      result_version: 1,
    });
    expect(await settleRound(lottoDeps(t, systemClock), roundId)).toEqual({ bills: 0, paid: 0 });
    expect(await winTransfers(t, bill)).toBe(1);
    const after = await as('owner', 'GET', `/api/admin/lotto/rounds/${roundId}/result/entries`);
    expect(after.data.entries.filter((e: Any) => e.state === 'applied')).toHaveLength(2);
    expect(after.data.entries.every((e: Any) => e.result !== null)).toBe(true);
    expect(await auditActions(roundId)).toEqual([
      'lotto.result.propose',
      'lotto.result.propose',
      'lotto.result.propose',
      'lotto.result.enter',
    ]);
  });

  it('two people entering different numbers put the round under review and settle nothing; two agreeing entries then settle', async () => {
    const m = await fundedMember(t, 100);
    const roundId = await openRound(t, 'lao');
    const bill = (await buy(t, m.token, roundId, [{ bet_type: 'two_bottom', number: '43', amount: 10 }])).body
      .data.bill.bill_id;
    await closeNow(t, roundId);
    await proposeResult(t, 'lotto', roundId, { number: '4321' });
    const other = await proposeResult(t, 'owner', roundId, { number: '4391' });
    expect(other.body.data).toMatchObject({ confirmation: 'review', status: 'closed', result_version: 0 });
    expect((await roundOf(roundId)).result_review_at).not.toBeNull();
    expect(await winTransfers(t, bill)).toBe(0);
    const review = await as('lotto', 'GET', `/api/admin/lotto/rounds/${roundId}/result/entries`);
    expect(review.data.review).toBe(true);
    expect(review.data.entries.map((e: Any) => [e.state, e.result?.top3])).toEqual([
      ['mismatch', '391'],
      ['mismatch', '321'],
    ]);
    // After review, a fresh pair: one alone still waits, the second agreeing settles.
    expect((await proposeResult(t, 'owner', roundId, { number: '4321' })).body.data.confirmation).toBe(
      'awaiting',
    );
    const settled = await proposeResult(t, 'lotto', roundId, { number: '4321' });
    expect(settled.body.data).toMatchObject({ confirmation: 'applied', status: 'settled', paid: '900.00' });
    expect((await roundOf(roundId)).result_review_at).toBeNull();
    expect(await winTransfers(t, bill)).toBe(1);
    expect(await auditActions(roundId)).toContain('lotto.result.mismatch');
  });
});

describe('the official GLO feed (docs/rules/lottery.md §8)', () => {
  it('retries while GLO has not published; its proposal and one matching staff entry settle once', async () => {
    const d = feedDeps();
    const m = await fundedMember(t, 100);
    const roundId = await openRound(t, 'glo', { businessDate: '2030-02-01' });
    const bill = (await buy(t, m.token, roundId, [{ bet_type: 'three_top', number: '312', amount: 10 }])).body
      .data.bill.bill_id;
    // Before the draw time the feed does not ask.
    expect((await fetchOfficialResult(d, roundId).catch((e) => e)).code).toBe('LOTTO_RESULT_TOO_EARLY');
    await closeNow(t, roundId);

    const sent: { name: string; data: unknown }[] = [];
    const jobs: Jobs = { ...d.jobs, send: async (name, data) => void sent.push({ name, data }) };
    expect(await queueFeedFetches({ ...d, jobs }, new Date())).toBeGreaterThanOrEqual(1);
    expect(sent).toContainEqual({ name: 'lotto.results.fetch', data: { round_id: roundId } });

    // GLO answers placeholders until the draw is published: not yet, tried again later.
    const callsBefore = glo.calls().result;
    expect(await fetchOfficialResult(d, roundId)).toEqual({ outcome: 'not_yet', confirmation: null });
    expect(glo.calls().result).toBe(callsBefore + 1);
    const feed = await t.db
      .selectFrom('lotto_result_feed')
      .selectAll()
      .where('round_id', '=', roundId)
      .executeTakeFirstOrThrow();
    expect(feed).toMatchObject({ attempts: 1, last_status: 'not_yet' });
    expect(feed.next_at.getTime()).toBeGreaterThan(Date.now());
    // Not due again until its backoff has passed.
    sent.length = 0;
    await queueFeedFetches({ ...d, jobs }, new Date());
    expect(sent.map((s) => s.data)).not.toContainEqual({ round_id: roundId });
    expect(await roundOf(roundId)).toMatchObject({ status: 'closed', result_version: 0 });

    glo.publish('2030-02-01', {
      first: R1.first,
      front3: ['207', '519'],
      back3: ['663', '048'],
      last2: '71',
    });
    expect(await fetchOfficialResult(d, roundId)).toEqual({ outcome: 'proposed', confirmation: 'awaiting' });
    // The proposal alone settles nothing; staff see it with its source and time.
    expect(await winTransfers(t, bill)).toBe(0);
    const shown = await as('lotto', 'GET', `/api/admin/lotto/rounds/${roundId}/result/entries`);
    expect(shown.data.feed).toMatchObject({ attempts: 2, last_status: 'proposed' });
    const proposal = shown.data.entries.find((e: Any) => e.source === 'feed');
    expect(proposal).toMatchObject({
      state: 'open',
      feed_source: expect.stringContaining('/api/checking/getLotteryResult'),
      result: { first: '845312', top3: '312', front3: ['207', '519'], back3: ['663', '048'], bottom2: '71' },
    });
    expect(proposal.raw.prizes.second.numbers).toHaveLength(5);
    expect(proposal.raw.prizes.near1.numbers).toHaveLength(2);

    const confirmed = await proposeResult(t, 'lotto', roundId, { ...R1 });
    expect(confirmed.body.data).toMatchObject({
      confirmation: 'applied',
      status: 'settled',
      paid: '9000.00',
    });
    expect(await winTransfers(t, bill)).toBe(1);
    // The feed, asked again, has nothing left to do; a second staff entry changes nothing.
    expect((await fetchOfficialResult(d, roundId)).outcome).toBe('done');
    expect((await proposeResult(t, 'owner', roundId, { ...R1 })).body.data.replayed).toBe(true);
    expect(await winTransfers(t, bill)).toBe(1);
    // Every call out was recorded.
    const calls = await t.db
      .selectFrom('connector_call')
      .select(['operation', 'outcome'])
      .where('connector', '=', 'glo')
      .execute();
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(calls.every((c) => c.operation === 'result' && c.outcome === 'ok')).toBe(true);
  });

  it('a staff entry that differs from the feed goes to review; a second publication that disagrees is no proposal', async () => {
    const d = feedDeps();
    const roundId = await openRound(t, 'glo', { businessDate: '2030-02-16' });
    await closeNow(t, roundId);
    glo.publish('2030-02-16', {
      first: '111222',
      front3: ['333', '444'],
      back3: ['555', '666'],
      last2: '77',
    });
    expect((await fetchOfficialResult(d, roundId)).outcome).toBe('proposed');
    const differs = await proposeResult(t, 'lotto', roundId, {
      first: '111223',
      front3: ['333', '444'],
      back3: ['555', '666'],
      last2: '77',
    });
    expect(differs.body.data).toMatchObject({ confirmation: 'review', status: 'closed', result_version: 0 });
    expect(await auditActions(roundId)).toEqual([
      'lotto.result.feed',
      'lotto.result.propose',
      'lotto.result.mismatch',
    ]);

    // With a check publication configured, the two must agree: GLO's latest draw is another date here.
    const checked = feedDeps(glo.latestUrl);
    const other = await openRound(t, 'glo', { businessDate: '2030-01-16' });
    await closeNow(t, other);
    glo.publish('2030-01-16', {
      first: '999888',
      front3: ['111', '222'],
      back3: ['333', '444'],
      last2: '55',
    });
    // The latest draw is 2030-02-16, not this one: "not yet" from the check, no proposal.
    expect((await fetchOfficialResult(checked, other)).outcome).toBe('not_yet');
    expect(
      await t.db.selectFrom('lotto_result_entry').select('id').where('round_id', '=', other).execute(),
    ).toEqual([]);
    // A second publication that answers other numbers for the same draw: no proposal either.
    const second = await startGloStandIn();
    try {
      second.publish('2030-01-16', {
        first: '999889',
        front3: ['111', '222'],
        back3: ['333', '444'],
        last2: '55',
      });
      expect((await fetchOfficialResult(feedDeps(second.resultUrl), other)).outcome).toBe('disagree');
      const entries = () =>
        t.db.selectFrom('lotto_result_entry').select('id').where('round_id', '=', other).execute();
      expect(await entries()).toEqual([]);
      // When both publish the same, it is proposed.
      second.publish('2030-01-16', {
        first: '999888',
        front3: ['111', '222'],
        back3: ['333', '444'],
        last2: '55',
      });
      expect((await fetchOfficialResult(feedDeps(second.resultUrl), other)).outcome).toBe('proposed');
      expect(await entries()).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describe('rate and เลขอั้น templates (docs/rules/lottery.md §3, §4)', () => {
  it("a market's active template gives its rates and เลขอั้น to the next rounds the scheduler creates", async () => {
    const lao = (
      await t.db.selectFrom('lotto_market').select('id').where('code', '=', 'lao').executeTakeFirstOrThrow()
    ).id;
    const bad = await as('lotto', 'POST', '/api/admin/lotto/templates', {
      market_id: lao,
      name: 'ผิด',
      number_limits: [{ bet_type: 'two_top', number: '123', action: 'closed' }],
    });
    expect(bad.code).toBe('LOTTO_TEMPLATE_INVALID');
    const first = await as('lotto', 'POST', '/api/admin/lotto/templates', {
      market_id: lao,
      name: 'ชุดเดิม',
      rates: { two_top: { rate: '91' } },
    });
    expect(first.error, first.message).toBe(0);
    const saved = await as('lotto', 'POST', '/api/admin/lotto/templates', {
      market_id: lao,
      name: 'งวดปกติ',
      rates: { two_top: { rate: '95' } },
      number_limits: [
        { bet_type: 'two_top', number: '21', action: 'closed' },
        { bet_type: 'two_bottom', number: '29', action: 'capped', cap: 3000 },
      ],
    });
    expect(saved.data).toMatchObject({ is_active: true, rates: { two_top: { rate: '95.00' } } });
    // One active template per market: the newer one.
    const list = await as('lotto', 'GET', `/api/admin/lotto/templates?market_id=${lao}`);
    expect(list.data.items.map((x: Any) => [x.name, x.is_active])).toEqual([
      ['งวดปกติ', true],
      ['ชุดเดิม', false],
    ]);

    // The scheduler runs on a day no round exists yet.
    const clock = new FixedClock(new Date('2032-03-02T05:00:00Z'));
    await lottoOf(t, clock).tick(clock.now());
    const rounds = await t.db
      .selectFrom('lotto_round')
      .select(['id', 'template_id', 'settings', 'rate_overrides'])
      .where('market_id', '=', lao)
      .where('business_date', '>=', '2032-03-02')
      .execute();
    expect(rounds.length).toBeGreaterThan(0);
    for (const r of rounds) {
      expect(r.template_id).toBe(saved.data.id);
      expect((r.settings as Any).rates.two_top.rate).toBe('95.00');
      expect(r.rate_overrides).toMatchObject({ two_top: { rate: '95.00' } });
    }
    const limits = await call<Any>(t.app, 'GET', `/api/lotto/limit?round_id=${rounds[0]!.id}`);
    expect(limits.body.data.numbers).toContainEqual(
      expect.objectContaining({ bet_type: 'two_top', number: '21', action: 'closed' }),
    );
    const rows = await t.db
      .selectFrom('lotto_number_limit')
      .select(['bet_type', 'number', 'action', 'cap'])
      .where('round_id', '=', rounds[0]!.id)
      .orderBy('bet_type')
      .execute();
    expect(rows).toEqual([
      { bet_type: 'two_bottom', number: '29', action: 'capped', cap: 300_000 },
      { bet_type: 'two_top', number: '21', action: 'closed', cap: null },
    ]);
    const detail = await as('lotto', 'GET', `/api/admin/lotto/rounds/${rounds[0]!.id}`);
    expect(detail.data.template).toEqual({ id: saved.data.id, name: 'งวดปกติ' });
    const audits = await auditRows(t, { action: 'lotto.template.save' }, ['action']);
    expect(audits).toHaveLength(2);
  });
});

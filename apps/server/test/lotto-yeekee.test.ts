import type { AddressInfo } from 'node:net';
import { chainSeed, sealCommitment, verifyChain } from '@chok/engine/lotto/chain';
import { sealVerified } from '@chok/engine/lotto/yeekee';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shotState } from '../src/modules/lotto/yeekee-queries.ts';
import { call, createTestApp, FixedClock, registerMember, staffToken, type TestApp } from './helpers.ts';
import { balanceOf, buy, fundedMember, lottoOf, openRound, winTransfers } from './lotto-fixtures.ts';
import { frameOf, openSse, type SseFrame } from './sse-fixtures.ts';

let t: TestApp;
let base: string;
const clock = new FixedClock(new Date());
beforeAll(async () => {
  t = await createTestApp({ seed: true, clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

type Shot = { seq: number; member_ref: string; number: string; server_ts: string; hash: string };
type List = {
  shooting_open: boolean;
  shot_count: number;
  own: { seq: number; number: string }[];
  shots: Shot[] | null;
  chain_seed: string;
};

/** The round's row as stored. */
const roundRow = (id: number) =>
  t.db.selectFrom('lotto_round').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function shoot(token: string, roundId: number, number: string) {
  return call<{ seq: number; server_ts: string }>(t.app, 'POST', '/api/lotto/yeekee/shoot_number', {
    token,
    body: { round_id: roundId, number },
  });
}

/**
 * An open yeekee round with the clock inside its shooting time: no cooldown, 3 shots a member, and
 * `perIpMinute` shots a minute from one address.
 */
async function shootingRound(perIpMinute: number) {
  const roundId = await openRound(t, 'yeekee', { closeInMs: 15 * 60_000 });
  const round = await roundRow(roundId);
  clock.advance(round.open_at.getTime() + 30 * 60_000 - clock.now().getTime());
  await t.db
    .updateTable('lotto_round')
    .set({
      settings: JSON.stringify({
        ...(round.settings as object),
        yeekee: {
          cooldown_seconds: 0,
          shots_per_round_max: 3,
          shots_per_ip_minute_max: perIpMinute,
          min_shots: 20,
          rewards: [],
          reward_min_stake: 100,
        },
      }),
    })
    .where('id', '=', roundId)
    .execute();
  return roundId;
}

/** An SSE client with a member token, collecting its frames. */
async function openStream(url: string, token: string) {
  const frames: SseFrame[] = [];
  const stream = await openSse(url, token, (block) => {
    const frame = frameOf(block);
    if (frame) frames.push(frame);
  });
  return { frames, close: stream.close };
}

describe('a full yeekee round driven by an injected clock', () => {
  it('bets, shots from several members, close, verifiable result, settlement, rewards; a second run pays nothing', async () => {
    const roundId = await openRound(t, 'yeekee', { closeInMs: 15 * 60_000 });
    const round = await roundRow(roundId);
    clock.advance(round.open_at.getTime() + 1000 - clock.now().getTime());
    const members = [];
    for (let i = 0; i < 5; i++) members.push(await fundedMember(t, 1000));
    const [a, b, c, d, e] = members as [
      (typeof members)[0],
      (typeof members)[0],
      (typeof members)[0],
      (typeof members)[0],
      (typeof members)[0],
    ];

    // 25 shots: member i shoots in turn; the numbers are chosen, so the outcome is known in advance.
    const numbers = Array.from({ length: 25 }, (_, k) =>
      String((k * 7919 + 12345) % 100000).padStart(5, '0'),
    );
    const sum = numbers.reduce((s, x) => s + Number(x), 0);
    const p16 = Number(numbers[25 - 16]);
    const r = String((sum - p16) % 100000).padStart(5, '0');
    const top3 = r.slice(-3);
    const bottom2 = r.slice(0, 2);

    const stream = await openStream(`${base}/api/stream?topics=yeekee:${roundId}`, a.token);
    // a stakes 100 on the winning bottom two; b 100 on a losing top three; c 20; d and e nothing.
    const wrongTop = String((Number(top3) + 1) % 1000).padStart(3, '0');
    expect(
      (await buy(t, a.token, roundId, [{ bet_type: 'two_bottom', number: bottom2, amount: 100 }])).body.error,
    ).toBe(0);
    expect(
      (await buy(t, b.token, roundId, [{ bet_type: 'three_top', number: wrongTop, amount: 100 }])).body.error,
    ).toBe(0);
    expect(
      (await buy(t, c.token, roundId, [{ bet_type: 'three_top', number: top3, amount: 20 }])).body.error,
    ).toBe(0);

    // Shots in turn, 10 s apart; position 16 (seq 10) is a's and position 1 (seq 25) is b's.
    const shooterOf: number[] = [];
    for (let k = 0; k < numbers.length; k++) {
      const m = k === 9 ? a : k === 24 ? b : members[k % 5]!;
      const res = await shoot(m.token, roundId, numbers[k]!);
      expect(res.body.error, res.body.message).toBe(0);
      expect(res.body.data.seq).toBe(k + 1);
      shooterOf.push(m.memberId);
      if (k === 0) {
        // Cooldown: a second shot within 10 s is refused with the time left.
        const again = await shoot(m.token, roundId, '11111');
        expect(again.body.code).toBe('LOTTO_SHOOT_COOLDOWN');
        expect((again.body.data as unknown as { cooldown_left: number }).cooldown_left).toBe(10);
      }
      clock.advance(10_000);
    }
    const n = numbers.length;

    // While shooting is open: own shots and the count only, never the list or the sum.
    const open = await call<List>(t.app, 'GET', `/api/lotto/yeekee/list?round_id=${roundId}`, {
      token: b.token,
    });
    expect(open.body.data).toMatchObject({ shooting_open: true, shot_count: n, shots: null });
    expect(open.body.data.own.every((s) => shooterOf[s.seq - 1] === b.memberId)).toBe(true);
    const early = await call<{ result: unknown; yeekee: { sum: unknown } }>(
      t.app,
      'GET',
      `/api/lotto/result?round_id=${roundId}`,
    );
    expect(early.body.data.result).toBeNull();
    expect(early.body.data.yeekee.sum).toBeNull();

    // Close shooting: the sweep draws, settles and pays.
    clock.advance(round.shoot_close_at!.getTime() + 1000 - clock.now().getTime());
    expect((await shoot(d.token, roundId, '22222')).body.code).toBe('LOTTO_SHOOT_CLOSED');
    const before = new Map<number, number>();
    for (const m of members) before.set(m.memberId, await balanceOf(t, m.memberId));
    const lotto = lottoOf(t, clock);
    const tick = await lotto.tick(clock.now());
    expect(tick.drawn).toBe(1);

    // The published list recomputes: chain, S, P16, R.
    const after = await call<List>(t.app, 'GET', `/api/lotto/yeekee/list?round_id=${roundId}`);
    const shots = after.body.data.shots!;
    expect(shots).toHaveLength(n);
    expect(after.body.data.chain_seed).toBe(chainSeed(round.market_id, round.business_date, round.round_no));
    expect(verifyChain(after.body.data.chain_seed, shots)).toBeNull();
    const S = shots.reduce((s, x) => s + Number(x.number), 0);
    const P16 = Number(shots[n - 16]!.number);
    const R = String((S - P16) % 100000).padStart(5, '0');
    const result = await call<{
      status: string;
      result: { top3: string; top2: string; bottom2: string };
      yeekee: { sum: number; p16: number; r: string; shots: number };
    }>(t.app, 'GET', `/api/lotto/result?round_id=${roundId}`);
    expect(result.body.data.status).toBe('settled');
    expect(result.body.data.yeekee).toMatchObject({ sum: S, p16: P16, r: R, shots: n });
    expect(result.body.data.result).toMatchObject({
      top3: R.slice(-3),
      top2: R.slice(-2),
      bottom2: R.slice(0, 2),
    });

    // Settlement: a wins 100 × 92 on the bottom two.
    expect(R).toBe(r);
    const won = 920_000;
    const rewardP16 = shooterOf[n - 16]!;
    const rewardP1 = shooterOf[n - 1]!;
    const staked = new Map([
      [a.memberId, 100],
      [b.memberId, 100],
      [c.memberId, 20],
    ]);
    const reward = (id: number) =>
      (rewardP16 === id && (staked.get(id) ?? 0) >= 100 ? 40_000 : 0) +
      (rewardP1 === id && (staked.get(id) ?? 0) >= 100 ? 20_000 : 0);
    const cWin = R.slice(-3) === top3 ? 20 * 85_000 : 0;
    expect(await balanceOf(t, a.memberId)).toBe(before.get(a.memberId)! + won + reward(a.memberId));
    expect(await balanceOf(t, b.memberId)).toBe(before.get(b.memberId)! + reward(b.memberId));
    expect(await balanceOf(t, c.memberId)).toBe(before.get(c.memberId)! + cWin);
    expect(await balanceOf(t, d.memberId)).toBe(before.get(d.memberId)!);
    expect(await balanceOf(t, e.memberId)).toBe(before.get(e.memberId)!);
    const rewards = await t.db
      .selectFrom('lotto_yeekee_reward')
      .selectAll()
      .where('round_id', '=', roundId)
      .execute();
    expect(rewards.map((x) => [x.position, x.member_id, x.amount])).toEqual(
      expect.arrayContaining([
        [16, a.memberId, 40_000],
        [1, b.memberId, 20_000],
      ]),
    );
    expect(reward(a.memberId)).toBe(40_000);

    // A second settlement run pays nothing.
    const bills = await t.db.selectFrom('lotto_bill').select('id').where('round_id', '=', roundId).execute();
    expect(await lotto.settlement.settleRound(roundId)).toEqual({ bills: 0, paid: 0 });
    expect(await lotto.tick(clock.now())).toMatchObject({ drawn: 0, settled: 0 });
    for (const bill of bills) expect(await winTransfers(t, bill.id)).toBeLessThanOrEqual(1);
    for (const m of members) {
      const expected =
        before.get(m.memberId)! + (m === a ? won : 0) + (m === c ? cWin : 0) + reward(m.memberId);
      expect(await balanceOf(t, m.memberId)).toBe(expected);
    }

    // The live feed carried counts and a's own shots, never a running sum.
    await new Promise((res) => setTimeout(res, 500));
    await stream.close();
    const counts = stream.frames.filter((f) => f.event === 'shot_count');
    expect(counts.length).toBeGreaterThan(0);
    expect(Math.max(...counts.map((f) => Number(f.data.data.count)))).toBe(n);
    const own = stream.frames.filter((f) => f.event === 'yeekee_shot');
    expect(own.length).toBe(shooterOf.filter((id) => id === a.memberId).length);
    const beforeResult = stream.frames.slice(
      0,
      stream.frames.findIndex((f) => f.event === 'result'),
    );
    expect(JSON.stringify(beforeResult)).not.toMatch(/"sum"/);
    expect(stream.frames.some((f) => f.event === 'result')).toBe(true);
    const r2 = await t.ledger.reconcile(t.db);
    expect(r2.mismatches).toEqual([]);
    expect(r2.net).toBe('0.00');
  });

  it('a round with fewer than 20 shots is void: every bill refunded, no rewards', async () => {
    const roundId = await openRound(t, 'yeekee', { closeInMs: 15 * 60_000 });
    const round = await roundRow(roundId);
    clock.advance(round.open_at.getTime() + 1000 - clock.now().getTime());
    const m = await fundedMember(t, 1000);
    const bill = await buy(t, m.token, roundId, [{ bet_type: 'two_top', number: '12', amount: 300 }]);
    expect(bill.body.error).toBe(0);
    for (let k = 0; k < 19; k++) {
      expect((await shoot(m.token, roundId, String(k).padStart(5, '0'))).body.error).toBe(0);
      clock.advance(10_000);
    }
    clock.advance(round.shoot_close_at!.getTime() + 1000 - clock.now().getTime());
    await lottoOf(t, clock).tick(clock.now());
    const b = await t.db
      .selectFrom('lotto_bill')
      .selectAll()
      .where('id', '=', bill.body.data.bill.bill_id)
      .executeTakeFirstOrThrow();
    expect(b.status).toBe('refunded');
    expect(await balanceOf(t, m.memberId)).toBe(100_000);
    const r = await roundRow(roundId);
    expect(r.status).toBe('cancelled');
    expect(
      await t.db.selectFrom('lotto_yeekee_reward').selectAll().where('round_id', '=', roundId).execute(),
    ).toHaveLength(0);
    const list = await call<List>(t.app, 'GET', `/api/lotto/yeekee/list?round_id=${roundId}`);
    expect(list.body.data.shots).toHaveLength(19);
  });

  it('holds the per-member and per-IP limits across batches judged while the previous one is written', async () => {
    // Waves of shots a millisecond apart: each wave waits while the batch before it is written, so its
    // read runs during that write and is brought up to date with it (createShooter's upToDate).
    const members = await Promise.all(Array.from({ length: 16 }, () => registerMember(t)));
    // Every shot of a round from one address of its own (the other tests shoot from 127.0.0.1).
    const from = (ip: string) => (token: string, roundId: number, number: string) =>
      t.app
        .inject({
          method: 'POST',
          url: '/api/lotto/yeekee/shoot_number',
          headers: { authorization: `Bearer ${token}` },
          payload: { round_id: roundId, number },
          remoteAddress: ip,
        })
        .then((res) => ({ body: res.json() as { error: number; code?: string } }));
    for (const [perIp, expected, ip] of [
      [1_000, 16 * 3, '198.51.100.31'], // every member stops at 3
      [37, 37, '198.51.100.32'], // the address's minute stops everyone at 37 in all
    ] as const) {
      const roundId = await shootingRound(perIp);
      const answers: Promise<{ body: { error: number; code?: string } }>[] = [];
      for (let wave = 0; wave < 8; wave++) {
        for (const m of members)
          answers.push(from(ip)(m.token, roundId, String(10_000 + wave).padStart(5, '0')));
        await new Promise((r) => setTimeout(r, 1));
      }
      const done = await Promise.all(answers);
      const ok = done.filter((a) => a.body.error === 0).length;
      expect(ok).toBe(expected);
      expect(
        done
          .filter((a) => a.body.error !== 0)
          .every((a) => ['LOTTO_SHOOT_LIMIT', 'LOTTO_SHOOT_IP_LIMIT'].includes(a.body.code!)),
      ).toBe(true);
      const shots = await t.db
        .selectFrom('lotto_shot')
        .select(['seq', 'member_id'])
        .where('round_id', '=', roundId)
        .orderBy('seq')
        .execute();
      expect(shots.map((x) => x.seq)).toEqual(Array.from({ length: expected }, (_, i) => i + 1));
      const perMember = new Map<number, number>();
      for (const x of shots) perMember.set(x.member_id, (perMember.get(x.member_id) ?? 0) + 1);
      expect(Math.max(...perMember.values())).toBeLessThanOrEqual(3);
      // Each shot carries its member's running count and latest time (migration 102, decision 0086),
      // as counted here from the shots in seq order — batches written while others were judged too.
      const carried = await t.db
        .selectFrom('lotto_shot')
        .select(['member_id', 'server_ts', 'member_n', 'member_last'])
        .where('round_id', '=', roundId)
        .orderBy('seq')
        .execute();
      const running = new Map<number, { n: number; last: number }>();
      for (const x of carried) {
        const before = running.get(x.member_id) ?? { n: 0, last: 0 };
        const now = { n: before.n + 1, last: Math.max(before.last, x.server_ts.getTime()) };
        running.set(x.member_id, now);
        expect({ n: x.member_n, last: x.member_last?.getTime() }).toEqual(now);
      }
      const r = await t.db
        .selectFrom('lotto_round')
        .select(['shot_count'])
        .where('id', '=', roundId)
        .executeTakeFirstOrThrow();
      expect(r.shot_count).toBe(expected);
      clock.advance(61_000);
    }
  });

  it("takes a member's count and last shot from shots written before they were carried (migration 102)", async () => {
    const roundId = await shootingRound(1_000);
    const round = await roundRow(roundId);
    await t.db
      .updateTable('lotto_round')
      .set({
        settings: JSON.stringify({
          ...(round.settings as { yeekee: object }),
          yeekee: { ...(round.settings as { yeekee: object }).yeekee, cooldown_seconds: 10 },
        }),
      })
      .where('id', '=', roundId)
      .execute();
    const m = await registerMember(t);
    // Two shots as a server before migration 102 wrote them (no running figures), the later 4 s ago.
    const at = (ago: number) => new Date(clock.now().getTime() - ago);
    await t.db
      .insertInto('lotto_shot')
      .values(
        [8_000, 4_000].map((ago, i) => ({
          round_id: roundId,
          seq: i + 1,
          member_id: m.memberId,
          member_ref: 'ref',
          number: '00000',
          server_ts: at(ago),
          hash: 'h',
          ip: '198.51.100.90',
        })),
      )
      .execute();
    await t.db
      .updateTable('lotto_round')
      .set({ shot_count: 2, chain_head: 'h' })
      .where('id', '=', roundId)
      .execute();
    // The cooldown runs from the newest of them, the count includes both (3 a member in this round).
    const early = await shoot(m.token, roundId, '00001');
    expect(early.body.code).toBe('LOTTO_SHOOT_COOLDOWN');
    expect(early.body.data).toEqual({ cooldown_left: 6 });
    clock.advance(6_000);
    const third = await shoot(m.token, roundId, '00002');
    expect(third.body.error).toBe(0);
    const row = await t.db
      .selectFrom('lotto_shot')
      .select(['member_n', 'member_last'])
      .where('round_id', '=', roundId)
      .where('seq', '=', third.body.data.seq)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ member_n: 3, member_last: new Date(third.body.data.server_ts) });
    clock.advance(11_000);
    expect((await shoot(m.token, roundId, '00003')).body.code).toBe('LOTTO_SHOOT_LIMIT');
    clock.advance(61_000);
  });

  it('holds the per-IP limit across rounds for shots that arrive together in several rounds', async () => {
    // Each round judges its own batches; an address's minute counts its shots in every round, those
    // another round is still writing included (shot-ip-window.ts).
    const members = await Promise.all(Array.from({ length: 20 }, () => registerMember(t)));
    const rounds: number[] = [];
    for (let i = 0; i < 4; i++) rounds.push(await shootingRound(2));
    for (let trial = 0; trial < 5; trial++) {
      const ip = `198.51.100.${60 + trial}`;
      const answers = await Promise.all(
        rounds.map((roundId, i) =>
          t.app
            .inject({
              method: 'POST',
              url: '/api/lotto/yeekee/shoot_number',
              headers: { authorization: `Bearer ${members[trial * 4 + i]!.token}` },
              payload: { round_id: roundId, number: '12345' },
              remoteAddress: ip,
            })
            .then((res) => res.json() as { error: number; code?: string }),
        ),
      );
      // Never past the limit; a shot still being written that a read also saw may count twice, so a
      // busy moment can refuse the second early (shot-ip-window.ts).
      const accepted = answers.filter((a) => a.error === 0).length;
      expect(accepted).toBeGreaterThanOrEqual(1);
      expect(accepted).toBeLessThanOrEqual(2);
      expect(answers.filter((a) => a.error !== 0).every((a) => a.code === 'LOTTO_SHOOT_IP_LIMIT')).toBe(true);
      const fromIp = await t.db.selectFrom('lotto_shot').select('seq').where('ip', '=', ip).execute();
      expect(fromIp).toHaveLength(accepted);
    }
  });

  it('limits shots per member per round and per IP; refuses non-yeekee rounds and bad numbers', async () => {
    const roundId = await shootingRound(5);
    const m = await fundedMember(t, 10);
    const other = await fundedMember(t, 10);
    for (let k = 0; k < 3; k++) expect((await shoot(m.token, roundId, '00001')).body.error).toBe(0);
    expect((await shoot(m.token, roundId, '00001')).body.code).toBe('LOTTO_SHOOT_LIMIT');
    expect((await shoot(other.token, roundId, '00002')).body.error).toBe(0);
    expect((await shoot(other.token, roundId, '00002')).body.error).toBe(0);
    const ip = await shoot(other.token, roundId, '00002');
    expect(ip.status).toBe(429);
    expect(ip.body.code).toBe('LOTTO_SHOOT_IP_LIMIT');
    const lao = await openRound(t, 'lao');
    expect((await shoot(m.token, lao, '12345')).body.code).toBe('LOTTO_NOT_YEEKEE');
    expect((await shoot(m.token, roundId, '1234')).body.error).not.toBe(0);
    // No round has an id beyond the shots' round-and-member key (migration 101): such an id is simply
    // not found, never a failure of the key's arithmetic (the fuzz found a 500 there).
    for (const id of [2_147_483_648, 51_351_019_573])
      expect((await shoot(m.token, id, '12345')).body.code).toBe('LOTTO_ROUND_NOT_FOUND');
    clock.advance(61_000);
  });

  it("a batch's read counts an IP's shots in each shot's own last minute, whatever the batch spans", async () => {
    const roundId = await openRound(t, 'yeekee', { closeInMs: 15 * 60_000 });
    const m = await fundedMember(t, 10);
    const ip = '198.51.100.77';
    // Shots of this IP every 1.7 s over 150 s: some in the window's two edges, most in its core.
    const base = Date.parse('2026-01-01T00:00:00Z');
    const offsets = Array.from({ length: 90 }, (_, i) => i * 1700);
    await t.db
      .insertInto('lotto_shot')
      .values(
        offsets.map((o, i) => ({
          round_id: roundId,
          seq: 10_000 + i,
          member_id: m.memberId,
          member_ref: 'x',
          number: '00000',
          server_ts: new Date(base + o),
          hash: 'x',
          ip,
        })),
      )
      .execute();
    // Batches spanning 0, 3 and 70 seconds (longer than the minute itself).
    for (const [from, to] of [
      [120_000, 120_000],
      [120_000, 123_000],
      [60_500, 130_500],
    ] as const) {
      const r = await shotState(t.db, {
        roundId,
        ips: [ip],
        memberIds: [m.memberId],
        earliest: new Date(base + from - 60_000),
        latest: new Date(base + to),
      });
      const x = r!.by_ip.find((b) => b.ip === ip) ?? { core: 0, ts: [] };
      for (let now = from; now <= to; now += 250) {
        const counted =
          x.core + x.ts.map((ts) => Date.parse(ts) - base).filter((o) => o > now - 60_000 && o <= now).length;
        const exact = offsets.filter((o) => o > now - 60_000 && o <= now).length;
        expect(counted, `batch ${from}–${to}, shot at ${now}`).toBe(exact);
      }
    }
  });

  it('the result endpoint reports the live shot count of an open round, as the yeekee list does', async () => {
    const roundId = await openRound(t, 'yeekee', { closeInMs: 15 * 60_000 });
    const round = await roundRow(roundId);
    clock.advance(Math.max(0, round.open_at.getTime() + 1000 - clock.now().getTime()));
    for (let i = 0; i < 3; i++) {
      const m = await fundedMember(t, 10);
      expect((await shoot(m.token, roundId, `1234${i}`)).body.error).toBe(0);
    }
    const list = await call<List>(t.app, 'GET', `/api/lotto/yeekee/list?round_id=${roundId}`);
    expect(list.body.data).toMatchObject({ shooting_open: true, shot_count: 3 });
    const result = await call<{ status: string; yeekee: { shots: number; sum: unknown } }>(
      t.app,
      'GET',
      `/api/lotto/result?round_id=${roundId}`,
    );
    expect(result.body.data.status).toBe('open');
    expect(result.body.data.yeekee).toMatchObject({ shots: 3, sum: null });
    clock.advance(61_000);
  });

  it('sealed close: a committed secret offset ends shooting early, revealed after close', async () => {
    const roundId = await openRound(t, 'yeekee', { closeInMs: 15 * 60_000 });
    const { sealCommitment } = await import('@chok/engine/lotto/chain');
    await t.db
      .updateTable('lotto_round')
      .set({ seal_offset_ms: 20_000, seal_salt: 'abc', seal_commitment: sealCommitment(20_000, 'abc') })
      .where('id', '=', roundId)
      .execute();
    const round = await roundRow(roundId);
    const info = await call<{ seal_commitment: string }>(
      t.app,
      'GET',
      `/api/lotto/round?round_id=${roundId}`,
    );
    expect(info.body.data.seal_commitment).toBe(sealCommitment(20_000, 'abc'));
    const hidden = await call<{ yeekee: { seal: { offset_ms: unknown; salt: unknown } } }>(
      t.app,
      'GET',
      `/api/lotto/result?round_id=${roundId}`,
    );
    expect(hidden.body.data.yeekee.seal).toMatchObject({ offset_ms: null, salt: null });
    const m = await fundedMember(t, 10);
    clock.advance(round.shoot_close_at!.getTime() - 10_000 - clock.now().getTime());
    expect((await shoot(m.token, roundId, '12345')).body.code).toBe('LOTTO_SHOOT_CLOSED');
    await lottoOf(t, clock).tick(clock.now());
    const shown = await call<{ yeekee: { seal: { offset_ms: number; salt: string } } }>(
      t.app,
      'GET',
      `/api/lotto/result?round_id=${roundId}`,
    );
    expect(shown.body.data.yeekee.seal).toMatchObject({ offset_ms: 20_000, salt: 'abc' });
  });
});

describe('concurrent shots (group commit, decision 0011)', () => {
  it('gives each acknowledged shot its own gap-free seq, refuses a same-instant second shot, and publishes every ack', async () => {
    const roundId = await openRound(t, 'yeekee', { closeInMs: 15 * 60_000 });
    const before = await roundRow(roundId);
    // Every request here comes from one address: lift the per-IP limit for this round only.
    const settings = before.settings as { yeekee: Record<string, unknown> };
    await t.db
      .updateTable('lotto_round')
      .set({
        settings: JSON.stringify({
          ...settings,
          yeekee: { ...settings.yeekee, shots_per_ip_minute_max: 1000 },
        }),
      })
      .where('id', '=', roundId)
      .execute();
    clock.advance(Math.max(0, before.open_at.getTime() + 1000 - clock.now().getTime()));
    const members = [];
    for (let i = 0; i < 8; i++) members.push(await fundedMember(t, 10));
    const numbers = members.map((_, i) => String((i * 33331 + 7) % 100000).padStart(5, '0'));
    // All at once, each member twice: the batches take one shot per member, the cooldown refuses the other.
    const results = await Promise.all(
      members.flatMap((m, i) => [shoot(m.token, roundId, numbers[i]!), shoot(m.token, roundId, numbers[i]!)]),
    );
    const acks = results.filter((r) => r.body.error === 0).map((r) => r.body.data);
    expect(acks).toHaveLength(8);
    expect(results.filter((r) => r.body.code === 'LOTTO_SHOOT_COOLDOWN')).toHaveLength(8);
    expect(acks.map((a) => a.seq).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // After shooting closes the published list holds every acknowledged shot at its seq, chained.
    const round = await roundRow(roundId);
    expect(round.shot_count).toBe(8);
    clock.advance(round.shoot_close_at!.getTime() + 1000 - clock.now().getTime());
    expect(await lottoOf(t, clock).settlement.drawYeekee(roundId, clock.now())).toBe('void');
    const list = await call<List>(t.app, 'GET', `/api/lotto/yeekee/list?round_id=${roundId}`);
    const shots = list.body.data.shots!;
    expect(shots).toHaveLength(8);
    for (const a of acks as unknown as { seq: number; number: string }[])
      expect(shots.find((s) => s.seq === a.seq)?.number).toBe(a.number);
    expect(verifyChain(chainSeed(round.market_id, round.business_date, round.round_no), shots)).toBeNull();
  });
});

describe('sealed close, on by default for the yeekee market (docs/rules/lottery.md §9)', () => {
  type Seal = { commitment: string; offset_ms: number | null; salt: string | null };
  const seal = async (roundId: number) =>
    (await call<{ yeekee: { seal: Seal | null } }>(t.app, 'GET', `/api/lotto/result?round_id=${roundId}`))
      .body.data.yeekee.seal;
  /** The scheduler's yeekee rounds from now on, earliest first (created by a tick). */
  async function newYeekeeRounds() {
    await lottoOf(t, clock).tick(clock.now());
    return t.db
      .selectFrom('lotto_round as r')
      .innerJoin('lotto_market as m', 'm.id', 'r.market_id')
      .selectAll('r')
      .where('m.code', '=', 'yeekee')
      .where('r.close_at', '>', clock.now())
      .where('r.status', 'in', ['scheduled', 'open'])
      .orderBy('r.close_at')
      .execute();
  }

  it('a new round commits a secret offset and salt at open, shooting ends at the sealed time, and the reveal hashes to the commitment', async () => {
    const [round] = await newYeekeeRounds();
    expect(round!.seal_commitment).toMatch(/^[0-9a-f]{64}$/);
    clock.advance(Math.max(0, round!.open_at.getTime() + 1000 - clock.now().getTime()));
    await lottoOf(t, clock).tick(clock.now());
    // At open: the commitment is published, the offset and salt are not.
    const info = await call<{ status: string; seal_commitment: string }>(
      t.app,
      'GET',
      `/api/lotto/round?round_id=${round!.id}`,
    );
    expect(info.body.data).toMatchObject({ status: 'open', seal_commitment: round!.seal_commitment });
    expect(await seal(round!.id)).toEqual({
      commitment: round!.seal_commitment,
      offset_ms: null,
      salt: null,
    });
    // Shooting really ends at shoot_close_at − d (the test reads d from the database).
    const end = round!.shoot_close_at!.getTime() - round!.seal_offset_ms!;
    const [a, b] = [await fundedMember(t, 10), await fundedMember(t, 10)];
    clock.advance(end - 1 - clock.now().getTime());
    expect((await shoot(a.token, round!.id, '12345')).body.error).toBe(0);
    clock.advance(1);
    expect((await shoot(b.token, round!.id, '54321')).body.code).toBe('LOTTO_SHOOT_CLOSED');
    expect(await seal(round!.id)).toMatchObject({ offset_ms: null, salt: null });
    // After close (here void: one shot), d and the salt are revealed and hash to the commitment.
    await lottoOf(t, clock).tick(clock.now());
    const shown = await seal(round!.id);
    expect(shown!.offset_ms).toBe(round!.seal_offset_ms);
    expect(shown!.offset_ms).toBeGreaterThanOrEqual(0);
    expect(shown!.offset_ms).toBeLessThanOrEqual(30_000);
    expect(sealCommitment(shown!.offset_ms!, shown!.salt!)).toBe(round!.seal_commitment);
    expect(sealVerified(shown!)).toBe(true);
    expect(sealVerified({ ...shown!, offset_ms: shown!.offset_ms! + 1 })).toBe(false);
  });

  it("an operator's emergency close keeps the committed offset, so the reveal still verifies", async () => {
    const rounds = await newYeekeeRounds();
    const round = rounds.find((r) => r.open_at <= clock.now()) ?? rounds[0]!;
    clock.advance(Math.max(0, round.open_at.getTime() + 1000 - clock.now().getTime()));
    await lottoOf(t, clock).tick(clock.now());
    const token = await staffToken(t, 'owner', clock); // before its scheduled end: the owner's (§6)
    const closed = await call<{ status: string }>(
      t.app,
      'POST',
      `/api/admin/lotto/rounds/${round.id}/close`,
      {
        token,
        body: { reason: 'ทดสอบปิดรอบฉุกเฉิน' },
      },
    );
    expect(closed.body.error, closed.body.message).toBe(0);
    expect(closed.body.data.status).toBe('cancelled'); // void: nobody shot
    const shown = await seal(round.id);
    expect(shown).toMatchObject({ commitment: round.seal_commitment, offset_ms: round.seal_offset_ms });
    expect(sealVerified(shown!)).toBe(true);
    const after = await t.db
      .selectFrom('lotto_round')
      .select(['shoot_close_at', 'seal_offset_ms'])
      .where('id', '=', round.id)
      .executeTakeFirstOrThrow();
    // Shooting ended at the close: shoot_close_at − d is the moment of the close.
    expect(after.shoot_close_at!.getTime() - after.seal_offset_ms!).toBe(clock.now().getTime());
  });
});

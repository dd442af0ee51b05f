import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, FixedClock, type TestApp } from './helpers.ts';
import { billIdsOf, lottoOf } from './lotto-fixtures.ts';

// 10:00 Bangkok on Saturday 16 March 2030 (a GLO draw day).
const clock = new FixedClock(new Date('2030-03-16T03:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true, clock });
});
afterAll(async () => {
  await t.close();
});

type Summary = {
  round_id: number;
  market_code: string;
  status: string;
  close_at: string;
  round_no: number;
  business_date: string;
};

describe('the scheduler (service with an injected clock)', () => {
  it('creates rounds ahead from the seeded schedules, opens and closes them, idempotently', async () => {
    const lotto = lottoOf(t, clock);
    const first = await lotto.tick(clock.now());
    expect(first.created).toBeGreaterThan(200);
    expect((await lotto.tick(clock.now())).created).toBe(0);
    const { rows } = await sql<{ code: string; business_date: string; n: number }>`
      SELECT m.code, r.business_date, count(*)::int AS n FROM lotto_round r JOIN lotto_market m ON m.id = r.market_id
      GROUP BY m.code, r.business_date`.execute(t.db);
    const count = (code: string, date: string) =>
      rows.find((r) => r.code === code && r.business_date === date)?.n ?? 0;
    expect(count('yeekee', '2030-03-17')).toBe(88);
    // Round 17 closes at 10:00 exactly: today's rounds 18–88 remain.
    expect(count('yeekee', '2030-03-16')).toBe(71);
    expect(count('glo', '2030-03-16')).toBe(1);
    expect(count('glo', '2030-04-01')).toBe(1);
    expect(count('lao', '2030-03-16')).toBe(0); // Saturday
    expect(count('lao', '2030-03-18')).toBe(1);
    expect(count('dowjones', '2030-03-18')).toBe(1);

    const glo = await t.db
      .selectFrom('lotto_round as r')
      .innerJoin('lotto_market as m', 'm.id', 'r.market_id')
      .select(['r.id', 'r.status', 'r.close_at', 'r.settings'])
      .where('m.code', '=', 'glo')
      .where('r.business_date', '=', '2030-03-16')
      .executeTakeFirstOrThrow();
    expect(glo.status).toBe('open');
    expect(glo.close_at.toISOString()).toBe('2030-03-16T08:20:00.000Z');
    expect(glo.settings).toMatchObject({
      rates: { three_top: { rate: '900.00', max: 2000, ceiling: 20000 } },
    });

    clock.advance(5 * 3600_000 + 21 * 60_000); // 15:21
    const later = await lotto.tick(clock.now());
    expect(later.closed).toBeGreaterThan(0);
    const after = await t.db
      .selectFrom('lotto_round')
      .select('status')
      .where('id', '=', glo.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('closed');
  });
});

describe('member API shapes (docs/rules/lottery.md §10; responses checked against the contract)', () => {
  it('lobby answers with status 0, categories, markets and current rounds, and the server time', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/lotto/lobby?agent_id=34' });
    const body = res.json();
    expect(body.status).toBe(0);
    expect(body.data.server_now).toBe(clock.now().toISOString());
    const names = body.data.categories.map((c: { name: string }) => c.name);
    expect(names).toEqual(['หวยไทย', 'หวยยี่กี', 'หวยต่างประเทศ', 'หวยหุ้น']);
    const yeekee = body.data.categories[1].markets[0];
    expect(yeekee.round.status).toBe('open');
    expect(yeekee.yeekee_open_rounds).toBeGreaterThan(0);
  });

  it('round, rule, rate, rates, limit, result, results, rounds and yeekee lists', async () => {
    const rounds = await call<{ rounds: Summary[] }>(t.app, 'GET', '/api/lotto/rounds?agent_id=34');
    expect(rounds.body.error).toBe(0);
    const y = rounds.body.data.rounds.find((r) => r.market_code === 'yeekee')!;
    const round = await call<{ is_yeekee: boolean; enabled_types: string[]; shoot_close_at: string }>(
      t.app,
      'GET',
      `/api/lotto/round?round_id=${y.round_id}`,
    );
    expect(round.body.data.is_yeekee).toBe(true);
    expect(round.body.data.enabled_types).not.toContain('three_front');
    const rule = await call<{ rule_text: string; derive_rule: string }>(
      t.app,
      'GET',
      `/api/lotto/rule?round_id=${y.round_id}`,
    );
    expect(rule.body.data.derive_rule).toBe('yeekee');
    expect(rule.body.data.rule_text).toContain('88 รอบ');
    const rate = await call<{ rates: { bet_type: string; rate: string }[] }>(
      t.app,
      'GET',
      `/api/lotto/rate?round_id=${y.round_id}`,
    );
    expect(rate.body.data.rates.find((r) => r.bet_type === 'two_bottom')?.rate).toBe('92.00');
    const rates = await call<{
      categories: { id: string; markets: { code: string; rates: { bet_type: string; rate: string }[] }[] }[];
    }>(t.app, 'GET', '/api/lotto/rates?category_id=thai&agent_id=34');
    expect(rates.body.data.categories.map((c) => c.id)).toEqual(['thai']);
    expect(rates.body.data.categories[0]!.markets[0]!.rates.find((r) => r.bet_type === 'run_top')?.rate).toBe(
      '3.20',
    );
    const limit = await call<{ types: { bet_type: string; max: number }[] }>(
      t.app,
      'GET',
      `/api/lotto/limit?round_id=${y.round_id}`,
    );
    expect(limit.body.data.types.find((x) => x.bet_type === 'three_top')?.max).toBe(2000);
    const result = await call<{ result: unknown }>(t.app, 'GET', `/api/lotto/result?round_id=${y.round_id}`);
    expect(result.body.data.result).toBeNull();
    const results = await call<{ date: string; categories: unknown[] }>(
      t.app,
      'GET',
      '/api/lotto/results?agent_id=34&date=2030-03-16',
    );
    expect(results.body.data.categories).toHaveLength(4);
    const lists = await call<{ rounds: unknown[]; business_date: string }>(
      t.app,
      'GET',
      `/api/lotto/yeekee/lists?round_id=${y.round_id}`,
    );
    expect(lists.body.data.rounds.length).toBe(
      88 - 17 + (lists.body.data.business_date === '2030-03-16' ? 0 : 17),
    );
    const missing = await call(t.app, 'GET', '/api/lotto/round?round_id=999999');
    expect(missing.body.code).toBe('LOTTO_ROUND_NOT_FOUND');
  });

  it('an unknown category_id is a form error in Thai (decision 0003), not an empty list', async () => {
    for (const url of [
      '/api/lotto/rates?category_id=1&agent_id=34',
      '/api/lotto/rounds?category_id=1&agent_id=34',
    ]) {
      const res = await call(t.app, 'GET', url);
      expect(res.status, url).toBe(200);
      expect(res.body).toMatchObject({
        error: 1001,
        code: 'VALIDATION_FAILED',
        message: 'ไม่พบหมวดหวยนี้',
        fields: { category_id: 'ไม่พบหมวดหวยนี้' },
        data: null,
      });
    }
    const thai = await call<{ categories: { id: string }[] }>(
      t.app,
      'GET',
      '/api/lotto/rates?category_id=thai',
    );
    expect(thai.body.data.categories.map((c) => c.id)).toEqual(['thai']);
  });

  it('result without round_id answers the latest result of every market; with it, that round as before', async () => {
    const latest = await call<{
      results: (Summary & {
        market_id: number;
        result: { top3: string };
        demo: boolean;
        result_version: number;
      })[];
    }>(t.app, 'GET', '/api/lotto/result?agent_id=34');
    expect(latest.status).toBe(200);
    expect(latest.body.error, latest.body.message).toBe(0);
    const { rows } = await sql<{ market_id: number; id: number }>`
      SELECT DISTINCT ON (r.market_id) r.market_id, r.id::int AS id
      FROM lotto_round r JOIN lotto_market m ON m.id = r.market_id
      WHERE m.is_active AND r.status IN ('resulted', 'settled')
      ORDER BY r.market_id, r.business_date DESC, r.round_no DESC`.execute(t.db);
    expect(rows.length).toBeGreaterThan(3);
    const got = latest.body.data.results;
    expect(new Map(got.map((r) => [r.market_id, r.round_id]))).toEqual(
      new Map(rows.map((r) => [r.market_id, r.id])),
    );
    expect(got).toHaveLength(rows.length);
    for (const r of got) {
      expect(r.result.top3).toMatch(/^\d{3}$/);
      expect(r.demo).toBe(true);
    }
    const one = await call<{ round_id: number; result: { top3: string } }>(
      t.app,
      'GET',
      `/api/lotto/result?round_id=${got[0]!.round_id}`,
    );
    expect(one.body.data.round_id).toBe(got[0]!.round_id);
    expect(one.body.data.result.top3).toBe(got[0]!.result.top3);
    expect(one.body.data).not.toHaveProperty('results');
  });

  it('rounds, rates and results are documented as public in the OpenAPI document, as they behave', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: Record<string, unknown>[]; responses: object }>>;
    };
    for (const path of ['/api/lotto/rounds', '/api/lotto/rates', '/api/lotto/result']) {
      const op = doc.paths[path]!.get!;
      // OpenAPI: an empty requirement object means the call needs no credentials.
      expect(op.security ?? [{}], path).toContainEqual({});
      expect(op.responses, path).not.toHaveProperty('401');
      const res = await t.app.inject({ method: 'GET', url: `${path}?agent_id=34` });
      expect(res.statusCode, path).toBe(200);
    }
    expect(doc.paths['/api/lotto/bill/list']!.get!.security).toEqual([{ memberToken: [] }]);
  });

  it('member calls need a token (401), which the client turns into the session-expired message', async () => {
    for (const [method, url] of [
      ['POST', '/api/lotto/bill/create'],
      ['POST', '/api/lotto/bill/validate'],
      ['POST', '/api/lotto/yeekee/shoot_number'],
      ['GET', '/api/lotto/bill/list'],
      ['POST', '/api/lotto/wallets'],
    ] as const) {
      const res = await call(t.app, method, url, method === 'POST' ? { body: {} } : {});
      expect(res.status).toBe(401);
    }
  });
});

describe('one site, one agent (spec: lotto, poll and affiliate calls send agent_id)', () => {
  it("another agent's id is refused with a Thai message and nothing is bought", async () => {
    const { fundedMember, openRound } = await import('./lotto-fixtures.ts');
    const m = await fundedMember(t, 1_000);
    const roundId = await openRound(t, 'glo');
    const lobby = await call(t.app, 'GET', '/api/lotto/lobby?agent_id=35');
    expect(lobby.body).toMatchObject({
      error: 1101,
      code: 'AGENT_MISMATCH',
      message: expect.stringMatching(/เอเย่นต์/),
    });
    expect((await call(t.app, 'GET', '/api/lotto/lobby?agent_id=34')).body.error).toBe(0);
    // A wrong format is a form error there as on every lotto read (docs/decisions/0003), not a 400.
    for (const url of ['/api/lotto/lobby?agent_id=abc', '/api/lotto/rounds?agent_id=abc']) {
      const r = await call(t.app, 'GET', url);
      expect([r.status, r.body.code, Object.keys(r.body.fields ?? {})], url).toEqual([
        200,
        'VALIDATION_FAILED',
        ['agent_id'],
      ]);
    }
    const bill = await call(t.app, 'POST', '/api/lotto/bill/create', {
      token: m.token,
      body: {
        agent_id: 35,
        round_id: roundId,
        wallet_id: 1,
        idempotency_key: crypto.randomUUID(),
        items: [{ bet_type: 'two_top', number: '12', amount: 10 }],
      },
    });
    expect(bill.body.code).toBe('AGENT_MISMATCH');
    const bills = await billIdsOf(t, m.memberId);
    expect(bills).toEqual([]);
  });
});

describe('jobs wiring', () => {
  it('a process with jobs on creates the rounds at start without anyone pressing a button', async () => {
    const withJobs = await createTestApp({ seed: true, jobs: true });
    try {
      const n = await withJobs.db
        .selectFrom('lotto_round')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n.n)).toBeGreaterThan(88);
    } finally {
      await withJobs.close();
    }
  });
});

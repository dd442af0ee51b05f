import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp } from './helpers.ts';
import { openRound } from './lotto-fixtures.ts';

/**
 * The read each batch of shots is judged against (`lotto_shot_state`, docs/rules/lottery.md §9) is a
 * static statement inside PL/pgSQL, so each connection keeps one plan for it — after five calls a
 * generic one, chosen from the statistics of that moment. A connection that planned it while the
 * shots table was empty (a new install, a new cluster, statistics not yet gathered) must not end up
 * reading every shot of the round for each batch: that made a busy round's reads grow with its shot
 * count until shooting fell behind (docs/benchmarks.md, issue 38 third session).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

/** Shared buffers one call of lotto_shot_state touched (the function's own statements included). */
async function buffersOfRead(c: pg.Client, roundId: number, memberId: number, ip: string) {
  const { rows } = await c.query<{ 'QUERY PLAN': [{ Plan: Record<string, number> }] }>(
    `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)
     SELECT lotto_shot_state($1, $2, $3, now() - interval '61 seconds', now())`,
    [roundId, [ip], [memberId]],
  );
  const plan = rows[0]!['QUERY PLAN'][0].Plan;
  return (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
}

describe("a batch's read stays a few index probes whatever plan its connection keeps", () => {
  const cases = [
    ['an empty shots table', 0],
    ['one earlier round of a single member', 300],
  ] as const;
  for (const [statistics, earlier] of cases)
    for (const mode of ['force_generic_plan', 'force_custom_plan'])
      it(`planned (${mode}) with the statistics of ${statistics}, it reads one member and one address, not the round`, async () => {
        const roundId = await openRound(t, 'yeekee', { closeInMs: 15 * 60_000 });
        const members = await Promise.all(Array.from({ length: 20 }, () => registerMember(t)));
        const c = new pg.Client({ connectionString: t.url });
        await c.connect();
        try {
          // Statistics gathered at the worst moment: nothing in the table, or one small round. (Emptied
          // without dead rows: an earlier case's would be walked over by the index probes.)
          await c.query('TRUNCATE lotto_shot');
          if (earlier > 0) {
            const other = await openRound(t, 'yeekee', { closeInMs: 15 * 60_000 });
            await c.query(
              `INSERT INTO lotto_shot (round_id, seq, member_id, member_ref, number, server_ts, hash, ip)
               SELECT $1, g, $2, 'r', '00000', now() - interval '1 hour', 'h', '198.51.100.' || (g % 200)
               FROM generate_series(1, $3::int) g`,
              [other, members[1]!.memberId, earlier],
            );
          }
          await c.query('ANALYZE lotto_shot');
          await c.query(`SET plan_cache_mode = ${mode}`);
          // The first call plans (and reads the catalogue); the second is the plan at work.
          await buffersOfRead(c, roundId, members[0]!.memberId, '203.0.113.1');
          const before = await buffersOfRead(c, roundId, members[0]!.memberId, '203.0.113.1');
          // Then the round fills: 30,000 shots over the last 50 s, ten of them the member's (from its
          // own address), the rest from 19 other members and addresses.
          await c.query(
            `INSERT INTO lotto_shot (round_id, seq, member_id, member_ref, number, server_ts, hash, ip)
             SELECT $1, g, CASE WHEN g % 3000 = 0 THEN $2 ELSE ($3::int[])[1 + g % 19] END, 'r', '00000',
                    now() - make_interval(secs => g / 600.0), 'h',
                    CASE WHEN g % 3000 = 0 THEN '203.0.113.1' ELSE '203.0.113.' || (2 + g % 19) END
             FROM generate_series(1, 30000) g`,
            [roundId, members[0]!.memberId, members.slice(1).map((m) => m.memberId)],
          );
          const { rows: heap } = await c.query<{ pages: string }>(
            `SELECT count(DISTINCT (ctid::text::point)[0])::text AS pages FROM lotto_shot WHERE round_id = $1`,
            [roundId],
          );
          // The same connection, so a plan kept above is the one used; the second call is measured (an
          // ANALYZE autovacuum runs meanwhile makes the first one plan again and read the statistics'
          // catalogue pages once, as lotto-bill-plan.test.ts says).
          await buffersOfRead(c, roundId, members[0]!.memberId, '203.0.113.1');
          const after = await buffersOfRead(c, roundId, members[0]!.memberId, '203.0.113.1');
          // Through the address's and the member's indexes: their ten rows each, a few index pages, the
          // round and its market. Walking the round instead touches each of its ~280 pages.
          expect(Number(heap[0]!.pages)).toBeGreaterThan(250);
          expect(before, `pages read: ${before} before, ${after} after`).toBeLessThan(60);
          expect(after, `pages read: ${before} before, ${after} after`).toBeLessThan(60);
        } finally {
          await c.end();
        }
      });
});

describe("a member's count and last shot come from the member's newest shot (decision 0086)", () => {
  it('reads a few pages for a member with 2,000 shots spread over the round, not each of them', async () => {
    const roundId = await openRound(t, 'yeekee', { closeInMs: 15 * 60_000 });
    const [m, other] = await Promise.all([registerMember(t), registerMember(t)]);
    const c = new pg.Client({ connectionString: t.url });
    await c.connect();
    try {
      // 40,000 shots, every 20th the member's (2,000, carrying its running count and time), so its
      // shots lie on every page of the round.
      await c.query(
        `INSERT INTO lotto_shot (round_id, seq, member_id, member_ref, number, server_ts, hash, ip, member_n, member_last)
         SELECT $1, g, CASE WHEN g % 20 = 0 THEN $2::int ELSE $3::int END, 'r', '00000',
                now() - make_interval(secs => (40000 - g) / 1000.0), 'h', '203.0.113.' || (g % 200),
                CASE WHEN g % 20 = 0 THEN g / 20 ELSE g - g / 20 END,
                now() - make_interval(secs => (40000 - g) / 1000.0)
         FROM generate_series(1, 40000) g`,
        [roundId, m.memberId, other.memberId],
      );
      const { rows: heap } = await c.query<{ pages: string }>(
        `SELECT count(DISTINCT (ctid::text::point)[0])::text AS pages FROM lotto_shot
         WHERE round_id = $1 AND member_id = $2`,
        [roundId, m.memberId],
      );
      expect(Number(heap[0]!.pages)).toBeGreaterThan(300);
      const { rows } = await c.query<{ s: { mine: { member_id: number; n: number }[] } }>(
        `SELECT lotto_shot_state($1, $2, $3, now() - interval '61 seconds', now()) AS s`,
        [roundId, ['192.0.2.1'], [m.memberId]],
      );
      expect(rows[0]!.s.mine.map((x) => [x.member_id, x.n])).toEqual([[m.memberId, 2000]]);
      const pages = await buffersOfRead(c, roundId, m.memberId, '192.0.2.1');
      expect(pages, `pages read: ${pages}`).toBeLessThan(60);
    } finally {
      await c.end();
    }
  });
});

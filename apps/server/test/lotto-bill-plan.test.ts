import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { LOTTO_WALLET_TYPES } from '../src/modules/lotto/deps.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { fundedMember, openRound } from './lotto-fixtures.ts';

/**
 * A group of bills (`lotto_place_bills`, docs/rules/lottery.md §7 "Bills in groups") is one PL/pgSQL
 * call whose statements each connection plans once and keeps — after five calls a generic plan,
 * chosen from the statistics of that moment. Planned while the bills and wallets were few (a new
 * install, statistics not yet gathered), the group once kept a hash of every bill to find its keys,
 * a read of every bill to answer its own, and a scan of every wallet to debit a few: each group's work
 * grew with the site (decision 0083). Whatever its plans, one group must touch about the same pages
 * when the tables are large as when they were small.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Shared buffers one call touched (the function's own statements, and what it calls, included). */
async function buffersOf(c: pg.Client, text: string, values: unknown[]) {
  const { rows } = await c.query<{ 'QUERY PLAN': [{ Plan: Record<string, number> }] }>(
    `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`,
    values,
  );
  const plan = rows[0]!['QUERY PLAN'][0].Plan;
  return (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
}

describe('a group of bills touches the same pages however many bills and wallets the site has', () => {
  for (const mode of ['force_generic_plan', 'force_custom_plan'])
    it(`planned (${mode}) with the statistics of empty tables, a group reads its own rows, not every bill or wallet`, async () => {
      t = await createTestApp({ seed: false });
      const app = t;
      const roundId = await openRound(app, 'lao');
      const members = await Promise.all(Array.from({ length: 4 }, () => fundedMember(app, 100_000)));
      const c = new pg.Client({ connectionString: app.url });
      await c.connect();
      try {
        // Statistics gathered at the worst moment, and kept: no bills, a handful of wallets.
        for (const table of ['lotto_bill', 'ledger_account'])
          await c.query(`ALTER TABLE ${table} SET (autovacuum_enabled = false)`);
        await c.query('ANALYZE lotto_bill');
        await c.query('ANALYZE ledger_account');
        await c.query(`SET plan_cache_mode = ${mode}`);
        const { rows: round } = await c.query<{ rules_version: number }>(
          'SELECT rules_version FROM lotto_round WHERE id = $1',
          [roundId],
        );
        let serial = 0;
        // Four members' bills of three lines each, new keys every call.
        const group = () => {
          serial += 1;
          const lines = [
            ['two_top', '12', 1000, '90.00', 90_000, 5_000_000, 4],
            ['run_top', '3', 1000, '3.20', 3_200, 10_000_000, 8],
            ['three_top', String(100 + serial), 1000, '900.00', 900_000, 2_000_000, 1],
          ] as const;
          const bills = members.map((m) => ({ member: m.memberId, key: `plan-${serial}-${m.memberId}` }));
          const at = (k: number) => bills.flatMap(() => lines.map((l) => l[k]));
          return [
            roundId,
            round[0]!.rules_version,
            LOTTO_WALLET_TYPES,
            serial % 840,
            bills.map((b) => b.member),
            bills.map(() => 1),
            bills.map((b) => b.key),
            bills.map(() => 3000),
            bills.flatMap((_, i) => lines.map(() => i + 1)),
            at(0),
            at(1),
            bills.flatMap(() => lines.map(() => null)),
            at(2),
            at(3),
            at(4),
            at(5),
            at(6),
          ];
        };
        const call = `SELECT lotto_place_bills($1::bigint, $2::int, $3::int[], $4::int, $5::int[], $6::int[],
          $7::text[], $8::bigint[], $9::int[], $10::text[], $11::text[], $12::text[], $13::bigint[], $14::numeric[],
          $15::bigint[], $16::bigint[], $17::int[])`;
        // Six calls: the plans are made (a generic one after five), the last is the plan at work.
        for (let i = 0; i < 5; i++) await buffersOf(c, call, group());
        const before = await buffersOf(c, call, group());
        // Then the site grows: 40,000 more members with a wallet each, and 30,000 bills of theirs in an
        // earlier round.
        const { rows: grown } = await c.query<{ id: number }>(
          `INSERT INTO member (agent_id, phone, password_hash, bank_code, account_no, account_name, referral_code)
           SELECT (SELECT agent_id FROM member WHERE id = $1), '08' || lpad(g::text, 8, '0'), 'x', '004',
                  '8' || lpad(g::text, 9, '0'), 'plan ' || g, 'PLAN' || g
           FROM generate_series(1, 40000) g RETURNING id`,
          [members[0]!.memberId],
        );
        const others = grown.map((r) => r.id);
        await c.query(
          `INSERT INTO ledger_account (member_id, wallet_type_id, kind, balance)
           SELECT m, 1, 'member_wallet', 0 FROM unnest($1::int[]) m`,
          [others],
        );
        const earlier = await openRound(app, 'lao');
        await c.query(
          `INSERT INTO lotto_bill (member_id, round_id, wallet_type_id, total_stake, idempotency_key)
           SELECT ($1::int[])[1 + g % 40000], $2, 1, 1000, 'earlier-' || g FROM generate_series(1, 30000) g`,
          [others, earlier],
        );
        const { rows: pages } = await c.query<{ bills: number; wallets: number }>(
          `SELECT pg_relation_size('lotto_bill') / 8192 AS bills, pg_relation_size('ledger_account') / 8192 AS wallets`,
        );
        // The same connection, so a plan kept above is the one used. The second call is measured: an
        // ANALYZE that autovacuum runs meanwhile (of the 40,000 new members, say) makes the first call
        // after it plan again and read the statistics' catalogue pages once (+50 to +800 pages, not
        // the site's rows), which is not what a group costs from then on.
        await buffersOf(c, call, group());
        const after = await buffersOf(c, call, group());
        // A read of every bill or every wallet would add its hundreds of pages; the indexes' probes
        // grow by a level at most.
        expect(Number(pages[0]!.bills)).toBeGreaterThan(250);
        expect(Number(pages[0]!.wallets)).toBeGreaterThan(250);
        expect(after - before, `pages touched: ${before} before, ${after} after`).toBeLessThan(100);
      } finally {
        await c.end();
      }
    });
});

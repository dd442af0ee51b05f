/**
 * Measures the dashboard's reads (GET /api/admin/reports/dashboard, modules/reports) on a big ledger:
 * starts a throw-away embedded PostgreSQL, migrates it, writes TRANSFERS ledger transfers spread over
 * DAYS days (deposits, game bets and wins with their seamless-wallet operations, lottery bets and wins,
 * rewards, paid withdrawals) and MEMBERS members, then times the three reads of a 31-day dashboard.
 *
 *   npx tsx scripts/measure-dashboard.ts [transfers=3000000] [days=90] [members=50000]
 */
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { dashboard } from '../apps/server/src/modules/reports/dashboard.ts';
import { newMembersByDay } from '../apps/server/src/modules/reports/members-queries.ts';
import { gameLedgerByCategory, ledgerDayFigures } from '../apps/server/src/modules/reports/wallet-queries.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { createDb } from '../apps/server/src/platform/db.ts';
import { startEmbeddedPostgres } from '../apps/server/src/platform/embedded-postgres.ts';
import { migrate } from '../apps/server/src/platform/migrate.ts';
import { addDays, bangkokDate, startOfBangkokDay } from '../packages/engine/src/bangkok-calendar.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TRANSFERS = Number(process.argv[2] ?? 3_000_000);
const DAYS = Number(process.argv[3] ?? 90);
const MEMBERS = Number(process.argv[4] ?? 50_000);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function main() {
  const port = await freePort();
  const server = await startEmbeddedPostgres({
    dir: path.join(ROOT, '.data', `measure-dashboard-${process.pid}`),
    port,
    persistent: false,
    log: (m) => {
      if (/FATAL|ERROR|PANIC|shut/.test(m)) console.error(m);
    },
  });
  try {
    const url = server.url('postgres');
    await migrate(url);
    console.log('migrated');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const step = async (label: string, text: string) => {
      const t0 = Date.now();
      await client.query(text);
      console.log(`${label}: ${Date.now() - t0} ms`);
    };
    const span = `${DAYS} * 86400`;
    await step(
      'members',
      `INSERT INTO agent (id, code, name) VALUES (1, 'm', 'm');
       INSERT INTO member (agent_id, phone, password_hash, bank_code, account_no, account_name, referral_code, created_at)
       SELECT 1, '09' || lpad(i::text, 8, '0'), 'x', '004', '1' || lpad(i::text, 11, '0'), 'member ' || i, 'R' || i,
         now() - make_interval(secs => random() * ${span})
       FROM generate_series(1, ${MEMBERS}) i;
       INSERT INTO ledger_account (member_id, wallet_type_id, kind, balance)
       SELECT id, 1, 'member_wallet', 0 FROM member;
       INSERT INTO ledger_account (code, kind) VALUES ('sys:bank:1', 'system'), ('sys:lotto', 'system'),
         ('sys:game:sim', 'system'), ('sys:promo', 'system'), ('sys:withdraw_pending', 'system'), ('sys:payout', 'system');
       INSERT INTO game_provider (id, name) VALUES ('sim', 'sim');
       INSERT INTO game (provider_id, code, name, image, categories) VALUES
         ('sim', 'g0', 'slot', '/x', '{slot}'), ('sim', 'g1', 'casino', '/x', '{casino}'),
         ('sim', 'g2', 'fish', '/x', '{fishing}'), ('sim', 'g3', 'sport', '/x', '{sport}');`,
    );
    // One row per transfer: its time grows with its id (the ledger appends), its kind by i % 20.
    await step(
      `ledger (${TRANSFERS} transfers over ${DAYS} days)`,
      `CREATE TEMP TABLE plan AS
       SELECT i, now() - make_interval(secs => ${span}) + make_interval(secs => i::double precision / ${TRANSFERS} * ${span}) AS at,
         (SELECT id FROM ledger_account WHERE code = 'sys:bank:1') AS bank,
         1 + (i::bigint * 7919) % ${MEMBERS} AS member, i % 20 AS k
       FROM generate_series(1, ${TRANSFERS}) i;
       INSERT INTO wallet_op (provider_id, player_id, provider_tx_id, op_class, op, member_id, wallet_type_id, game_code,
         amount, fingerprint, status, state, created_at)
       SELECT 'sim', member::text, 'tx' || i, 'tx', CASE WHEN k < 13 THEN 'debit' ELSE 'credit' END, member, 1,
         'g' || (i % 4), 1000, '\\x00', 'OK', CASE WHEN k < 13 THEN 'settled' END, at
       FROM plan WHERE k BETWEEN 4 AND 15;
       INSERT INTO ledger_transfer (debit_account_id, credit_account_id, amount, kind, reference, idempotency_key, created_at)
       SELECT CASE WHEN k < 2 THEN (SELECT id FROM ledger_account WHERE code = 'sys:bank:1')
                   WHEN k < 13 THEN a.id WHEN k < 16 THEN (SELECT id FROM ledger_account WHERE code = 'sys:game:sim')
                   WHEN k < 17 THEN a.id WHEN k = 17 THEN (SELECT id FROM ledger_account WHERE code = 'sys:lotto')
                   WHEN k = 18 THEN (SELECT id FROM ledger_account WHERE code = 'sys:promo')
                   ELSE (SELECT id FROM ledger_account WHERE code = 'sys:withdraw_pending') END,
              CASE WHEN k < 2 THEN a.id WHEN k < 13 THEN (SELECT id FROM ledger_account WHERE code = 'sys:game:sim')
                   WHEN k < 16 THEN a.id WHEN k < 17 THEN (SELECT id FROM ledger_account WHERE code = 'sys:lotto')
                   WHEN k < 19 THEN a.id ELSE (SELECT id FROM ledger_account WHERE code = 'sys:payout') END,
              100 + i % 5000,
              CASE WHEN k < 2 THEN 'deposit' WHEN k < 4 THEN 'bet' WHEN k < 13 THEN 'bet' WHEN k < 16 THEN 'win'
                   WHEN k = 16 THEN 'bet' WHEN k = 17 THEN 'win' WHEN k = 18 THEN 'reward' ELSE 'withdraw_paid' END,
              NULL,
              CASE WHEN k BETWEEN 4 AND 15 THEN 'game:sim:' || member || ':tx:tx' || i
                   WHEN k = 18 THEN 'quest:' || member || ':' || i ELSE 'm:' || i END,
              at
       FROM plan p JOIN ledger_account a ON a.member_id = p.member AND a.wallet_type_id = 1
       ORDER BY i;
       ANALYZE;`,
    );
    await client.end();

    const { db } = createDb(url, 4);
    const to = bangkokDate(new Date());
    const from = addDays(to, -30);
    const start = startOfBangkokDay(from);
    const end = startOfBangkokDay(addDays(to, 1));
    const time = async (label: string, f: () => Promise<unknown>) => {
      const t0 = performance.now();
      await f();
      console.log(`${label}: ${Math.round(performance.now() - t0)} ms`);
    };
    // The three set-based reads over the whole 31-day window (what a first call computes once).
    await time('31 days: ledger day × kind sums + active members', () => ledgerDayFigures(db, start, end));
    await time('31 days: game transfers by category', () => gameLedgerByCategory(db, start, end));
    await time('31 days: new members by day', () => newMembersByDay(db, start, end));
    // The endpoint: the first call computes and keeps the closed days; later calls read them and
    // sum only today from the ledger.
    const d = { db, clock: systemClock };
    await time('dashboard, first call (computes and keeps 30 closed days)', () => dashboard(d, { days: 30 }));
    for (let i = 1; i <= 3; i++) {
      await time(`dashboard, call ${i + 1} (closed days kept, today live)`, () => dashboard(d, { days: 30 }));
    }
    await db.destroy();
  } finally {
    await server.stop();
  }
}

await main();

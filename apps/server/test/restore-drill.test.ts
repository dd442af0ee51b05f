import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { satang } from '@chok/engine/money';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type AccountRef, createLedger, ledgerDrift, MAIN_WALLET } from '../src/modules/wallet/service.ts';
import { createDb, type Db, inTransaction } from '../src/platform/db.ts';
import { embeddedUrl, isAlive, startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts';
import { freePort } from './postgres.ts';
import { type RunningProduct, scratchDataDir, serverBundle, startProduct } from './product.ts';

// The restore drill (docs/operations.md, "Backups and point-in-time recovery"): a base backup of the
// embedded PostgreSQL `npm start` runs, ledger transfers after it, everything killed with SIGKILL,
// `npm run restore` to the latest point — and every acknowledged transfer is there, the ledger whole.

const data = scratchDataDir('restore-drill');
const pgDir = path.join(data.dir, 'pg');
let product: RunningProduct | null = null;
const closers: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => {});
  await product?.stop();
  data.remove();
});

/** Runs the backup bundle (`npm run backup` / `npm run restore`) on the drill's data folder. */
function cli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--enable-source-maps', serverBundle('backup'), ...args], {
      env: { ...process.env, DATA_DIR: data.dir, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const postmaster = () => {
  const lines = readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
};

async function until(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Member ↔ house transfers of 1–9 baht; resolves with the ids of those committed (acknowledged). */
async function transfers(db: Db, memberId: number, n: number, tag: string): Promise<number[]> {
  const ledger = createLedger();
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const amount = satang(((i % 9) + 1) * 100);
    const member: AccountRef = { member: memberId, wallet: MAIN_WALLET };
    const house: AccountRef = { system: 'sys:drill' };
    const r = await inTransaction(db, (tx) =>
      ledger.transfer(tx, {
        from: i % 2 === 0 ? member : house,
        to: i % 2 === 0 ? house : member,
        amount,
        kind: i % 2 === 0 ? 'bet' : 'win',
        idempotencyKey: `drill:${tag}:${i}:${randomUUID()}`,
      }),
    );
    ids.push(r.transferId);
  }
  return ids;
}

describe('restore drill', () => {
  it('base backup, transfers, kill -9 of server and PostgreSQL, restore to the latest point: nothing acknowledged is lost', async () => {
    product = await startProduct(data.dir, {
      SEED_DEMO: 'true',
      WEB_DIST: '/nonexistent',
      BACKUP_SCHEDULE: '15 4 * * *',
    });
    const { pid, port } = postmaster();

    const backup = await cli(['backup']);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/base backup .*base\//);

    const live = createDb(embeddedUrl(port, 'chok'), 4);
    const member = await live.db
      .selectFrom('member')
      .select('id')
      .where('phone', '=', '0811111111')
      .executeTakeFirstOrThrow();
    // The process that runs the jobs schedules the base backup (and the rate-limit rows' prune).
    const schedules = await sql<{ name: string; cron: string }>`
      SELECT name, cron FROM pgboss.schedule WHERE name IN ('base-backup', 'rate-limit-prune') ORDER BY name`.execute(
      live.db,
    );
    expect(schedules.rows).toEqual([
      { name: 'base-backup', cron: '15 4 * * *' },
      { name: 'rate-limit-prune', cron: '*/10 * * * *' },
    ]);
    // Some transfers reach the archive (a WAL switch closes their file), the last only pg_wal.
    const archived = await transfers(live.db, member.id, 20, 'a');
    await sql`SELECT pg_switch_wal()`.execute(live.db);
    const between = (await sql<{ t: Date }>`SELECT clock_timestamp() AS t`.execute(live.db)).rows[0]!.t;
    const unarchived = await transfers(live.db, member.id, 20, 'b');
    const acknowledged = [...archived, ...unarchived];
    await live.db.destroy();

    // A restore while Chok runs is refused, and touches nothing.
    const refused = await cli(['restore']);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('belongs to another running process');
    expect(isAlive(pid)).toBe(true);

    // A crash: nothing of either process's shutdown runs.
    await product.kill();
    product = null;
    process.kill(pid, 'SIGKILL');
    await until(() => !isAlive(pid), 'the postmaster to die');

    const restored = await cli(['restore', '--to', 'latest'], { EMBEDDED_PG_PORT: String(await freePort()) });
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('recovered and promoted');

    const server = await startEmbeddedPostgres({ dir: pgDir, port: await freePort() });
    closers.push(() => server.stop());
    const after = createDb(server.url('chok'), 2);
    closers.push(() => after.db.destroy());
    const found = await after.db
      .selectFrom('ledger_transfer')
      .select('id')
      .where('id', 'in', acknowledged)
      .execute();
    expect(found.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(
      [...acknowledged].sort((a, b) => a - b),
    );
    expect(await ledgerDrift(after.db)).toMatchObject({ accounts: 0, drift_satang: 0, net_satang: 0 });
    const negative = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ledger_account WHERE member_id IS NOT NULL AND balance < 0`.execute(
      after.db,
    );
    expect(negative.rows[0]?.n).toBe(0);
    await after.db.destroy();
    await server.stop();
    closers.length = 0;

    // Point in time: back to the moment between the two batches — the first is there, the second not.
    const pitr = await cli(['restore', '--to', between.toISOString()], {
      EMBEDDED_PG_PORT: String(await freePort()),
    });
    expect(pitr.code, pitr.output).toBe(0);
    const again = await startEmbeddedPostgres({ dir: pgDir, port: await freePort() });
    closers.push(() => again.stop());
    const back = createDb(again.url('chok'), 2);
    closers.push(() => back.db.destroy());
    const present = await back.db
      .selectFrom('ledger_transfer')
      .select('id')
      .where('id', 'in', acknowledged)
      .execute();
    expect(present.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(
      [...archived].sort((a, b) => a - b),
    );
    expect(await ledgerDrift(back.db)).toMatchObject({ accounts: 0, drift_satang: 0, net_satang: 0 });
  });
});

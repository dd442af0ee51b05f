import {
  expectedCostPerSpin,
  SPIN_DEFAULTS,
  type SpinRules,
  totalWeight,
  type WheelPrize,
  type WheelTable,
} from '@chok/engine/engagement/wheel';
import { formatBaht, parseBaht, satang } from '@chok/engine/money';
import { appendAudit } from '../../platform/audit.ts';
import { type Db, type Executor, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import {
  allVersions,
  insertVersion,
  latestVersion,
  lockPublishing,
  type PrizeRow,
  prizesOf,
  type VersionRow,
} from './version-queries.ts';
import { prizeView } from './views.ts';

/**
 * The wheel's versions (docs/rules/engagement.md §9): each version holds its spin settings and its
 * prizes with their weights. Members spin the newest; an operator's change publishes a new version
 * and never edits an old one, so every spin keeps the prize it drew.
 */
export interface Wheel {
  row: VersionRow;
  prizes: PrizeRow[];
  /** The engine's view of the prizes (the draw and the expected cost). */
  table: WheelTable;
  rules: SpinRules;
}

export function enginePrize(p: PrizeRow): WheelPrize {
  if (p.kind === 'points') return { kind: 'points', points: p.amount };
  if (p.kind === 'free_credit') return { kind: 'free_credit', amount: satang(p.amount) };
  return { kind: 'none' };
}

function wheelOf(row: VersionRow, prizes: PrizeRow[]): Wheel {
  return {
    row,
    prizes,
    table: {
      version: row.version,
      slots: prizes.map((p) => ({ prize: enginePrize(p), weight: p.weight })),
    },
    rules: {
      ...SPIN_DEFAULTS,
      freeSpinsPerDay: row.free_spins_per_day,
      pointsPerExtraSpin: row.points_per_extra_spin,
      extraSpinsPerDay: row.extra_spins_per_day,
    },
  };
}

/** The version members spin now. */
export async function currentWheel(ex: Executor): Promise<Wheel> {
  const row = await latestVersion(ex);
  return wheelOf(row, await prizesOf(ex, [row.version]));
}

/** One prize of one version (a spin's prize, whatever version is current now). */
export function prizeOf(prizes: readonly PrizeRow[], version: number, index: number): PrizeRow {
  const p = prizes.find((x) => x.version === version && x.prize_index === index);
  if (!p) throw new Error(`wheel prize ${version}/${index} missing`);
  return p;
}

function adminVersionView(w: Wheel, current: boolean) {
  const total = totalWeight(w.table);
  const cost = expectedCostPerSpin(w.table);
  return {
    version: w.row.version,
    current,
    free_spins_per_day: w.row.free_spins_per_day,
    points_per_extra_spin: w.row.points_per_extra_spin,
    extra_spins_per_day: w.row.extra_spins_per_day,
    prizes: w.prizes.map((p) => ({
      ...prizeView(p),
      weight: p.weight,
      chance: ((p.weight * 100) / total).toFixed(4),
    })),
    total_weight: total,
    expected_free_credit: formatBaht(Math.round(cost.freeCreditSatang)),
    expected_points: cost.points.toFixed(2),
    created_at: w.row.created_at.toISOString(),
    created_by: w.row.created_by,
  };
}

export async function listVersions(db: Db) {
  const rows = await allVersions(db);
  const prizes = await prizesOf(
    db,
    rows.map((r) => r.version),
  );
  return rows.map((row, i) =>
    adminVersionView(
      wheelOf(
        row,
        prizes.filter((p) => p.version === row.version),
      ),
      i === 0,
    ),
  );
}

/** 100,000 baht: with weights up to 1,000,000 the expected cost stays exact. */
const MAX_FREE_CREDIT = 10_000_000;

export type PrizeInput =
  | { kind: 'none'; label: string; weight: number }
  | { kind: 'points'; label: string; weight: number; points: number }
  | { kind: 'free_credit'; label: string; weight: number; amount: string };

export interface VersionInput {
  free_spins_per_day: number;
  points_per_extra_spin: number;
  extra_spins_per_day: number;
  prizes: PrizeInput[];
}

/** An operator publishes the next version (audited with the version it replaces). */
export async function publishVersion(db: Db, staffId: number, input: VersionInput) {
  const prizes = input.prizes.map((p, i) => ({
    prize_index: i,
    label: p.label,
    kind: p.kind,
    amount: p.kind === 'points' ? p.points : p.kind === 'free_credit' ? parseBaht(p.amount) : 0,
    weight: p.weight,
  }));
  if (prizes.some((p) => p.kind === 'free_credit' && (p.amount <= 0 || p.amount > MAX_FREE_CREDIT)))
    throw new AppError('WHEEL_TABLE_INVALID', { reason: 'เครดิตฟรีต่อรางวัลต้องมากกว่า 0 และไม่เกิน 100,000 บาท' });
  if (prizes.reduce((sum, p) => sum + p.weight, 0) <= 0)
    throw new AppError('WHEEL_TABLE_INVALID', { reason: 'น้ำหนักรวมของรางวัลต้องมากกว่า 0' });
  return inTransaction(db, async (tx) => {
    await lockPublishing(tx);
    const before = await currentWheel(tx);
    const row = await insertVersion(
      tx,
      {
        version: before.row.version + 1,
        free_spins_per_day: input.free_spins_per_day,
        points_per_extra_spin: input.points_per_extra_spin,
        extra_spins_per_day: input.extra_spins_per_day,
        created_by: staffId,
      },
      prizes,
    );
    const next = wheelOf(
      row,
      prizes.map((p) => ({ ...p, version: row.version })),
    );
    // The engine's own check of the table (whole weights, a positive total within randomInt's range).
    try {
      totalWeight(next.table);
    } catch {
      throw new AppError('WHEEL_TABLE_INVALID', { reason: 'น้ำหนักหรือมูลค่ารางวัลไม่ถูกต้อง' });
    }
    const view = adminVersionView(next, true);
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'wheel_version.create',
      entity: 'wheel_version',
      entityId: row.version,
      before: adminVersionView(before, false),
      after: view,
    });
    return view;
  });
}

import { startOfBangkokDay } from '@chok/engine/bangkok-calendar';
import {
  changeLimit,
  type LimitKind,
  type LimitPeriod,
  limitPeriods,
} from '@chok/engine/engagement/protection';
import { bahtToSatang } from '@chok/engine/money';
import { type Executor, inTransaction, type Tx } from '../../platform/db.ts';
import type { ProtectionDeps } from './deps.ts';
import { stateOf } from './state.ts';
import {
  databasePeriodStarts,
  dueLimitRows,
  insertEvent,
  limitRows,
  lockMemberRow,
  startLossCounters,
  touchMember,
  writeLimit,
} from './state-queries.ts';
import { playTotalsSince } from './wallet-queries.ts';

/**
 * Applies the waiting changes whose cooling-off has ended (docs/rules/protection.md §1.3): of one
 * member (before any read or change of theirs) or of everyone (the minute job). Until then the
 * lower limit stays in force, which is the safe side.
 */
export async function applyDue(ex: Executor, now: Date, memberId?: number): Promise<number> {
  const due = await dueLimitRows(ex, now, memberId);
  for (const r of due) {
    await writeLimit(ex, {
      memberId: r.member_id,
      kind: r.kind,
      period: r.period,
      amount: r.pending_amount_satang,
      pendingAmount: null,
      pendingFrom: null,
      now,
    });
    await insertEvent(ex, {
      memberId: r.member_id,
      at: r.pending_from ?? now,
      action: 'limit_applied',
      detail: { kind: r.kind, period: r.period, from: r.amount_satang, to: r.pending_amount_satang },
    });
  }
  return due.length;
}

/** The minute job: every due change, in its own transaction. */
export function applyAllDue(d: ProtectionDeps): Promise<number> {
  return inTransaction(d.db, (tx) => applyDue(tx, d.clock.now()));
}

/**
 * The first loss limit starts the member's three loss counters (§2.3), each with the net loss of its
 * current period so far as the ledger shows it, by the database's clock like the counters.
 */
async function startCounters(tx: Tx, memberId: number, now: Date): Promise<void> {
  const starts = await databasePeriodStarts(tx);
  const totals = await playTotalsSince(
    tx,
    memberId,
    limitPeriods.map((p) => startOfBangkokDay(starts[p])),
  );
  await startLossCounters(
    tx,
    memberId,
    limitPeriods.map((p, i) => ({
      period: p,
      start: starts[p],
      used: totals[i]!.stakes - totals[i]!.returns,
    })),
    now,
  );
}

/**
 * A member sets, lowers, raises or removes one limit (§1.2–1.4): a new or lower limit at once, a
 * higher one or a removal after the cooling-off; every change goes to the history.
 */
export async function setLimit(
  d: ProtectionDeps,
  memberId: number,
  input: { kind: LimitKind; period: LimitPeriod; amount: number | null },
) {
  const now = d.clock.now();
  return inTransaction(d.db, async (tx) => {
    await lockMemberRow(tx, memberId, now);
    await applyDue(tx, now, memberId);
    const rows = await limitRows(tx, memberId, input.kind);
    const row = rows.find((r) => r.period === input.period);
    const requested = input.amount === null ? null : bahtToSatang(input.amount);
    const current = {
      amount: row?.amount_satang ?? null,
      pendingAmount: row?.pending_amount_satang ?? null,
      pendingFrom: row?.pending_from ?? null,
    };
    const { state, effect } = changeLimit(current, requested, now, d.coolingOffHours);
    if (effect !== 'unchanged') {
      if (input.kind === 'loss' && rows.length === 0) await startCounters(tx, memberId, now);
      await writeLimit(tx, {
        memberId,
        kind: input.kind,
        period: input.period,
        amount: state.amount,
        pendingAmount: state.pendingAmount,
        pendingFrom: state.pendingFrom,
        now,
      });
      await insertEvent(tx, {
        memberId,
        at: now,
        action: effect === 'now' ? 'limit_set' : 'limit_pending',
        detail: {
          kind: input.kind,
          period: input.period,
          from: current.amount,
          to: requested,
          ...(state.pendingFrom ? { effective_at: state.pendingFrom.toISOString() } : {}),
        },
      });
      await touchMember(tx, memberId, now);
    }
    return { effect, state: await stateOf(d, tx, memberId, now) };
  });
}

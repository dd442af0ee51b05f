import { nettedHandStakes } from '@chok/engine/engagement/figures';
import { accruePoints, SATANG_PER_POINT } from '@chok/engine/engagement/points';
import { satang } from '@chok/engine/money';
import type { Clock } from '../../platform/clock.ts';
import { type Db, type Executor, inTransaction } from '../../platform/db.ts';
import { IN_HOUSE_PROVIDER } from '../games/service.ts';
import {
  type AccrualRow,
  type AccrualSource,
  addCreditPayout,
  advanceCursor,
  insertAccruals,
  lockCursor,
  readCursor,
  recordedKeys,
} from './accrual-queries.ts';
import { type SettledRound, unreadSettledRounds } from './games-queries.ts';
import { applyTransfer, lockAccount, setCarry } from './ledger-queries.ts';
import { type ResultedBill, unreadResultedBills } from './lotto-queries.ts';
import { baccaratSideBets } from './originals-queries.ts';

/**
 * How long after a row's settling time the cursor waits before passing it for good: a transaction
 * that settled a round may still be committing (rows younger than this are read again, and skipped
 * when already in point_accrual). Lotto settles whole rounds in one long transaction.
 */
const LAG_MS: Record<AccrualSource, number> = { game: 2 * 60_000, lotto: 15 * 60_000 };
const BATCH = 2_000;

export interface AccrualDeps {
  db: Db;
  clock: Clock;
}

/**
 * Points from settled play (docs/rules/engagement.md §7, §0 G6): every settled main-wallet round and
 * resulted main-wallet bill not read yet earns ⌊(carry + stake) / 100 baht⌋ points, the remainder
 * carried to the member's next one. Each is read once (`point_accrual`, key `points:<source>`);
 * rolled-back rounds and cancelled or refunded bills never appear. Safe to run again and on several
 * processes: members are locked in id order and a row taken by another run is skipped.
 *
 * With `memberId`, only that member's rows (a read that wants fresh points runs it first).
 * Returns the number of rows read.
 */
export async function accrue(d: AccrualDeps, o: { memberId?: number } = {}): Promise<number> {
  let total = 0;
  for (const source of ['game', 'lotto'] as const) {
    for (;;) {
      const n = await accrueBatch(d, source, o.memberId ?? null);
      total += n;
      if (n < BATCH) break;
    }
  }
  return total;
}

async function accrueBatch(d: AccrualDeps, source: AccrualSource, memberId: number | null): Promise<number> {
  return inTransaction(d.db, async (tx) => {
    // A full run holds the source's cursor; a member's own run only reads it.
    const since = memberId === null ? await lockCursor(tx, source) : await readCursor(tx, source);
    const read = { since, memberId, limit: BATCH };
    const found =
      source === 'game' ? await unreadSettledRounds(tx, read) : await unreadResultedBills(tx, read);
    if (found.length === 0) {
      if (memberId === null)
        await advanceCursor(tx, source, new Date(d.clock.now().getTime() - LAG_MS[source]));
      return 0;
    }
    const turnover =
      source === 'game' ? await nettedTurnover(tx, found as SettledRound[]) : new Map<string, number>();
    const byMember = new Map<number, (SettledRound | ResultedBill)[]>();
    for (const r of found) byMember.set(r.member_id, [...(byMember.get(r.member_id) ?? []), r]);
    for (const member of [...byMember.keys()].sort((a, b) => a - b)) {
      // The account lock orders runs per member; what another run recorded before it is skipped.
      const account = await lockAccount(tx, member);
      const mine = byMember.get(member) ?? [];
      const taken = await recordedKeys(
        tx,
        mine.map((r) => r.source_key),
      );
      let carry = satang(account.carry_satang % SATANG_PER_POINT);
      let balance = account.balance;
      const rows = new Map<string, AccrualRow>();
      // A later credit of a bet already recorded adds its payout (the stake, and so the points, counted once).
      const later = new Map<string, { payout: number; last: number }>();
      for (const r of mine) {
        const credit = r.credit_id === null ? null : Number(r.credit_id);
        const recordedThrough = taken.get(r.source_key);
        if (recordedThrough !== undefined) {
          if (credit === null || credit <= recordedThrough) continue;
          const l = later.get(r.source_key) ?? { payout: 0, last: 0 };
          later.set(r.source_key, { payout: l.payout + Number(r.payout), last: Math.max(credit, l.last) });
          continue;
        }
        const same = rows.get(r.source_key);
        if (same) {
          // Another credit of a bet read in this batch: one row, the payouts summed.
          same.payout_satang += Number(r.payout);
          if (credit !== null) same.last_credit_id = Math.max(credit, same.last_credit_id ?? 0);
          continue;
        }
        const counted = turnover.get(r.source_key) ?? Number(r.stake);
        const step = accruePoints(carry, satang(counted));
        carry = step.carry;
        rows.set(r.source_key, {
          source_key: r.source_key,
          member_id: member,
          source,
          category: r.category,
          stake_satang: Number(r.stake),
          payout_satang: Number(r.payout),
          turnover_satang: counted,
          points: step.points,
          settled_at: r.settled_at,
          last_credit_id: credit,
        });
      }
      await insertAccruals(tx, [...rows.values()]);
      for (const [key, l] of later) await addCreditPayout(tx, key, l.payout, l.last);
      for (const row of rows.values()) {
        if (row.points === 0) continue;
        balance += row.points;
        await applyTransfer(tx, {
          memberId: member,
          amount: row.points,
          balanceAfter: balance,
          kind: 'accrual',
          reference: row.source === 'lotto' ? 'แต้มจากการซื้อหวย' : 'แต้มจากการเล่นเกม',
          key: `points:${row.source_key}`,
        });
      }
      await setCarry(tx, member, carry);
    }
    if (memberId === null) {
      const last = found[found.length - 1];
      const safe = new Date(d.clock.now().getTime() - LAG_MS[source]);
      const to = found.length < BATCH ? safe : last && last.settled_at < safe ? last.settled_at : safe;
      await advanceCursor(tx, source, to);
    }
    return found.length;
  });
}

/**
 * G6 for the in-house baccarat: a member's Player and Banker bets on one hand count only by their
 * difference. Returns the counted stake of each such bet among `rows` (by source key); every other
 * round counts its whole stake.
 */
async function nettedTurnover(ex: Executor, rows: SettledRound[]): Promise<Map<string, number>> {
  const keyOfRound = new Map<number, string>();
  for (const r of rows) {
    const m = r.provider_id === IN_HOUSE_PROVIDER ? /^round:(\d+):bet$/.exec(r.provider_tx_id) : null;
    if (m?.[1]) keyOfRound.set(Number(m[1]), r.source_key);
  }
  const out = new Map<string, number>();
  if (keyOfRound.size === 0) return out;
  const bets = await baccaratSideBets(ex, [...keyOfRound.keys()]);
  const hands = new Map<string, typeof bets>();
  for (const b of bets) {
    const hand = `${b.member_id}:${b.table_ref}`;
    hands.set(hand, [...(hands.get(hand) ?? []), b]);
  }
  for (const hand of hands.values()) {
    const counted = nettedHandStakes(
      hand.map((b) => ({ id: Number(b.id), side: b.side, stake: satang(Number(b.stake)) })),
    );
    for (const [roundId, stake] of counted) {
      const key = keyOfRound.get(roundId);
      if (key) out.set(key, stake);
    }
  }
  return out;
}

import { createHash } from 'node:crypto';
import { DeriveError, deriveResult } from '@chok/engine/lotto/derive';
import { winningKeys } from '@chok/engine/lotto/match';
import type { RoundResult } from '@chok/engine/lotto/types';
import { yeekeeOutcome } from '@chok/engine/lotto/yeekee';
import { bahtToSatang, formatBaht, satang } from '@chok/engine/money';
import { appendAudit } from '../../platform/audit.ts';
import { inTransaction, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { queueBillPushes, queueResultPushes } from '../line/service.ts';
import { MAIN_WALLET, memberBalance, recordDebt, type WalletTypeId } from '../wallet/service.ts';
import { releaseExposure } from './bill-queries.ts';
import { HOUSE, type LottoDeps } from './deps.ts';
import { findRound, type RoundRow } from './round-queries.ts';
import { ROUND_STATE_LABELS } from './round-views.ts';
import {
  claimWinPayments,
  claimYeekeeReward,
  markPendingRefunded,
  markWinPaymentReversed,
  memberRoundStake,
  pendingBillsOfRound,
  resetSettledToPending,
  type SettledBill,
  settlePendingItems,
  shooterAt,
  shotNumbers,
  unreversedWinPayments,
  updateRound,
} from './settlement-queries.ts';

/** Results, settlement, corrections and refunds of whole rounds (docs/rules/lottery.md §8, §9). */

export type Actor = { type: 'staff'; id: number } | { type: 'system' };

function resultHash(raw: unknown, result: RoundResult): Buffer {
  return createHash('sha256').update(JSON.stringify({ raw, result })).digest();
}

/** Whether two results pay the same: the same numbers win for every bet type. */
function samePayout(a: RoundResult | null, b: RoundResult): boolean {
  return a !== null && JSON.stringify(winningKeys(a)) === JSON.stringify(winningKeys(b));
}

/**
 * Whether two results are the same as published: they pay the same and show the same full first
 * prize (which settlement never reads, but the member reads and the audit must record a change of).
 */
export function sameResult(a: RoundResult | null, b: RoundResult): boolean {
  return a !== null && samePayout(a, b) && (a.first ?? null) === (b.first ?? null);
}

/**
 * Credits `amountSatang` to a member from the house. A member who owes correction debt pays it back
 * from this credit inside the ledger (docs/rules/lottery.md §8.3), as from every credit to main.
 */
async function creditMember(
  d: LottoDeps,
  tx: Tx,
  c: {
    memberId: number;
    wallet: WalletTypeId;
    amountSatang: number;
    kind: 'win' | 'refund' | 'bonus';
    reference: string;
    key: string;
  },
) {
  await d.ledger.transfer(tx, {
    from: HOUSE,
    to: { member: c.memberId, wallet: c.wallet },
    amount: satang(c.amountSatang),
    kind: c.kind,
    reference: c.reference,
    idempotencyKey: c.key,
  });
}

/**
 * Set-based settlement of one round (docs/rules/lottery.md §8), in one transaction whatever its size:
 * one pass over the pending items marks each won (stake × rate_snapshot) or lost and feeds the bills'
 * totals; each winning bill's credit is claimed once per result version (`lotto_win_payment`) and
 * paid by the ledger in bulk (`creditMany`: three statements for all winners; a winner who owes
 * correction debt pays it back from the credit inside the ledger). Idempotent: a re-run finds nothing
 * pending and pays nothing. The members' `lotto_bills` notices go out after commit.
 */
export async function settleRound(d: LottoDeps, roundId: number): Promise<{ bills: number; paid: number }> {
  const done = await inTransaction(d.db, async (tx) => {
    const r = await findRound(tx, roundId, 'update');
    if (r?.status !== 'resulted' || !r.result) return null;
    const winners = Object.entries(winningKeys(r.result)).flatMap(([t, ks]) => ks.map((k) => `${t}:${k}`));
    const bills = await settlePendingItems(tx, roundId, winners);
    // One payment per winning bill and result version; a re-run claims nothing.
    const claimed = await claimWinPayments(
      tx,
      r.result_version,
      bills.filter((b) => b.total_win > 0),
    );
    await d.ledger.creditMany(tx, {
      from: HOUSE,
      kind: 'win',
      credits: claimed.map((c) => ({
        to: { member: c.member_id, wallet: c.wallet_type_id as WalletTypeId },
        amount: satang(c.amount),
        reference: `lotto:bill:${c.bill_id}`,
        idempotencyKey: `lotto:win:${c.bill_id}:v${r.result_version}`,
      })),
    });
    const paidSatang = claimed.reduce((sum, c) => sum + c.amount, 0);
    if (r.derive_rule === 'yeekee') await payYeekeeRewards(d, tx, r);
    await queueLineMessages(d, tx, r, r.result, bills);
    await updateRound(tx, roundId, { status: 'settled', settled_at: d.clock.now() });
    await publishRound(d, tx, r, 'settled');
    return { bills, paidSatang };
  });
  if (!done) return { bills: 0, paid: 0 };
  await noticeBills(d, roundId, done.bills);
  return { bills: done.bills.length, paid: done.paidSatang };
}

/**
 * After a settlement committed: each member's settled bills as `lotto_bills` on their private topic,
 * one event per member (up to 40 bills each), sent a few hundred events per statement (a round of
 * 100,000 bills from 10,000 members is 20 round trips), none while the round's lock is held. A
 * notice lost to a crash here is only a hint: the bills themselves are committed and the client
 * reads them.
 */
async function noticeBills(d: LottoDeps, roundId: number, bills: SettledBill[]) {
  const byMember = new Map<number, { bill_id: number; status: string; total_win: string }[]>();
  for (const b of bills) {
    const list = byMember.get(b.member_id) ?? [];
    list.push({ bill_id: b.id, status: b.status, total_win: formatBaht(b.total_win) });
    byMember.set(b.member_id, list);
  }
  const events: { topic: string; event: string; data: unknown }[] = [];
  for (const [memberId, list] of byMember)
    for (let i = 0; i < list.length; i += 40)
      events.push({
        topic: `member:${memberId}`,
        event: 'lotto_bills',
        data: { round_id: roundId, bills: list.slice(i, i + 40) },
      });
  await d.events.publishMany(d.db, events).catch(() => {});
}

async function publishRound(d: LottoDeps, tx: Tx, r: RoundRow, status: string) {
  const topic = r.derive_rule === 'yeekee' ? `yeekee:${r.id}` : `lotto_round:${r.id}`;
  await d.events.publish(tx, topic, 'round', { round_id: r.id, status });
  await d.events.publish(tx, 'lotto', 'rounds', { round_id: r.id, status });
}

/**
 * The LINE messages of a settlement (docs/rules/connectors.md §5), queued in its transaction: each
 * settled bill to its member if opted in, and the result to the members following the market. The
 * result version is in their keys: a re-run queues nothing new, a corrected result tells again.
 */
async function queueLineMessages(
  d: LottoDeps,
  tx: Tx,
  r: RoundRow,
  result: RoundResult,
  bills: SettledBill[],
) {
  const now = d.clock.now();
  const at = { marketName: r.market_name, drawDate: r.business_date, version: r.result_version, now };
  await queueBillPushes(tx, {
    ...at,
    bills: bills.map((b) => ({
      billId: b.id,
      memberId: b.member_id,
      won: b.total_win > 0,
      winSatang: b.total_win,
      stakeSatang: b.total_stake,
    })),
  });
  await queueResultPushes(tx, { ...at, roundId: r.id, marketId: r.market_id, lines: resultLines(result) });
}

/** A result as Thai lines for a message. */
function resultLines(x: RoundResult): string[] {
  return [
    ...(x.first ? [`รางวัลที่ 1: ${x.first}`] : []),
    `3 ตัวบน: ${x.top3}`,
    `2 ตัวบน: ${x.top2}`,
    `2 ตัวล่าง: ${x.bottom2}`,
    ...(x.front3 ? [`3 ตัวหน้า: ${x.front3.join(', ')}`] : []),
    ...(x.back3 ? [`3 ตัวหลัง: ${x.back3.join(', ')}`] : []),
  ];
}

/** Shooter rewards (docs/rules/lottery.md §9): per configured position, if that shooter staked enough. */
async function payYeekeeRewards(d: LottoDeps, tx: Tx, r: RoundRow) {
  const y = r.settings.yeekee;
  if (!y || r.shot_count < y.min_shots) return;
  for (const reward of y.rewards) {
    const seq = r.shot_count - reward.position + 1;
    if (seq < 1) continue;
    const shot = await shooterAt(tx, r.id, seq);
    if (!shot) continue;
    const stakedSatang = await memberRoundStake(tx, r.id, shot.member_id);
    if (stakedSatang < bahtToSatang(y.reward_min_stake)) continue;
    const rewardSatang = bahtToSatang(reward.amount);
    const claimed = await claimYeekeeReward(tx, {
      roundId: r.id,
      position: reward.position,
      seq,
      memberId: shot.member_id,
      amountSatang: rewardSatang,
    });
    if (!claimed) continue;
    await creditMember(d, tx, {
      memberId: shot.member_id,
      wallet: MAIN_WALLET,
      amountSatang: rewardSatang,
      kind: 'bonus',
      reference: `lotto:yeekee_reward:${r.id}:${reward.position}`,
      key: `lotto:yeekee_reward:${r.id}:${reward.position}`,
    });
    await d.events.publish(tx, `member:${shot.member_id}`, 'yeekee_reward', {
      round_id: r.id,
      position: reward.position,
      amount: formatBaht(rewardSatang),
    });
  }
}

/** Refunds every pending bill of a locked round and marks it cancelled (operator, no-result, void yeekee). */
async function cancelLockedRound(d: LottoDeps, tx: Tx, r: RoundRow, reason: string, actor: Actor) {
  if (r.status === 'settled' || r.status === 'cancelled')
    throw new AppError('LOTTO_ROUND_FINAL', { state: ROUND_STATE_LABELS[r.status]! });
  const bills = await pendingBillsOfRound(tx, r.id);
  await releaseExposure(
    tx,
    bills.map((b) => b.id),
  );
  let refundedSatang = 0;
  for (const b of bills) {
    await creditMember(d, tx, {
      memberId: b.member_id,
      wallet: b.wallet_type_id as WalletTypeId,
      amountSatang: b.total_stake,
      kind: 'refund',
      reference: `lotto:bill:${b.id}`,
      key: `lotto:refund:${b.id}`,
    });
    refundedSatang += b.total_stake;
    await d.events.publish(tx, `member:${b.member_id}`, 'lotto_bill', {
      bill_id: b.id,
      round_id: r.id,
      status: 'refunded',
      total_win: '0.00',
    });
  }
  if (bills.length > 0) await markPendingRefunded(tx, r.id, d.clock.now());
  await updateRound(tx, r.id, { status: 'cancelled', cancelled_at: d.clock.now(), cancel_reason: reason });
  await appendAudit(tx, {
    actorType: actor.type,
    actorId: actor.type === 'staff' ? actor.id : null,
    action: 'lotto.round.cancel',
    entity: 'lotto_round',
    entityId: r.id,
    before: { status: r.status },
    after: {
      status: 'cancelled',
      reason,
      refunded_bills: bills.length,
      refunded: formatBaht(refundedSatang),
    },
  });
  await publishRound(d, tx, r, 'cancelled');
  return { round_id: r.id, refunded_bills: bills.length, refunded: formatBaht(refundedSatang) };
}

/** Cancels a round and refunds its pending bills in full. */
export async function cancelRound(d: LottoDeps, roundId: number, reason: string, actor: Actor) {
  return inTransaction(d.db, async (tx) => {
    const r = await findRound(tx, roundId, 'update');
    if (!r) throw new AppError('LOTTO_ROUND_NOT_FOUND');
    return cancelLockedRound(d, tx, r, reason, actor);
  });
}

/**
 * Reverses every win of the current version (docs/rules/lottery.md §8.3) and resets the round's items
 * to pending: each win is taken back up to the wallet's balance, the rest booked as the member's debt.
 */
async function reverseWins(d: LottoDeps, tx: Tx, r: RoundRow) {
  const payments = await unreversedWinPayments(tx, r.id);
  for (const p of payments) {
    const balanceSatang = await memberBalance(tx, p.member_id, p.wallet_type_id);
    const takeSatang = Math.min(balanceSatang, p.amount);
    if (takeSatang > 0)
      await d.ledger.transfer(tx, {
        from: { member: p.member_id, wallet: p.wallet_type_id as WalletTypeId },
        to: HOUSE,
        amount: satang(takeSatang),
        kind: 'adjustment',
        reference: `lotto:win_reversal:${p.bill_id}`,
        idempotencyKey: `lotto:win_reversal:${p.bill_id}:v${p.result_version}`,
      });
    if (takeSatang < p.amount)
      await recordDebt(tx, {
        memberId: p.member_id,
        roundId: r.id,
        amount: satang(p.amount - takeSatang),
      });
    await markWinPaymentReversed(tx, p.bill_id, p.result_version, d.clock.now());
  }
  await resetSettledToPending(tx, r.id);
  return payments.length;
}

/**
 * Writes a result two proposals agreed on (docs/rules/lottery.md §8) on a round locked FOR UPDATE:
 * a first result, or a correction whose previous wins are reversed (a correction that changes no winner
 * reverses nothing and leaves the bills as settled). Audited with who confirmed it; the caller settles
 * the round after commit. The same result as the round's answers `replayed` and changes nothing.
 */
export async function applyLockedResult(
  d: LottoDeps,
  tx: Tx,
  r: RoundRow,
  a: {
    raw: Record<string, unknown>;
    result: RoundResult;
    reason: string | undefined;
    /** The staff who confirmed it (last one first) and, when the official feed was one side, its source. */
    staffIds: number[];
    feed: string | null;
    entryIds: number[];
  },
): Promise<{ version: number; replayed: boolean }> {
  const correcting = r.status === 'resulted' || r.status === 'settled';
  if (correcting && sameResult(r.result, a.result)) return { version: r.result_version, replayed: true };
  const repay = !(correcting && samePayout(r.result, a.result));
  if (correcting && repay) await reverseWins(d, tx, r);
  const version = r.result_version + 1;
  await updateRound(tx, r.id, {
    result: JSON.stringify(a.result),
    result_raw: JSON.stringify(a.raw),
    result_hash: resultHash(a.raw, a.result),
    result_version: version,
    resulted_at: d.clock.now(),
    result_review_at: null,
    ...(repay ? { status: 'resulted' as const, settled_at: null } : {}),
  });
  await appendAudit(tx, {
    actorType: a.staffIds.length > 0 ? 'staff' : 'system',
    actorId: a.staffIds[0] ?? null,
    action: correcting ? 'lotto.result.correct' : 'lotto.result.enter',
    entity: 'lotto_round',
    entityId: r.id,
    before: correcting ? { result: r.result, version: r.result_version } : { status: r.status },
    after: {
      result: a.result,
      raw: a.raw,
      version,
      confirmed_by: { staff: a.staffIds, feed: a.feed },
      entries: a.entryIds,
      ...(a.reason ? { reason: a.reason } : {}),
    },
  });
  await publishRound(d, tx, r, 'resulted');
  return { version, replayed: false };
}

/** A market's official output derived by its rule, or the catalogue's refusal naming the bad input. */
export function deriveOrRefuse(rule: RoundRow['derive_rule'], raw: Record<string, unknown>): RoundResult {
  try {
    return deriveResult(rule, raw);
  } catch (err) {
    if (err instanceof DeriveError)
      throw new AppError(
        'LOTTO_RESULT_INVALID',
        { detail: err.message },
        { [`raw.${err.field}`]: err.message },
      );
    throw err;
  }
}

/**
 * Computes a yeekee round's result at shooting close (docs/rules/lottery.md §9), or voids it below
 * the minimum number of shots. Safe to call repeatedly and early (does nothing before the end).
 */
export async function drawYeekee(
  d: LottoDeps,
  roundId: number,
  now: Date,
): Promise<'drawn' | 'void' | 'skipped'> {
  const outcome = await inTransaction(d.db, async (tx) => {
    const r = await findRound(tx, roundId, 'update');
    if (r?.derive_rule !== 'yeekee' || !r.shoot_close_at) return 'skipped' as const;
    if (r.status !== 'open' && r.status !== 'closed') return 'skipped' as const;
    const end = r.shoot_close_at.getTime() - (r.seal_offset_ms ?? 0);
    if (now.getTime() < end) return 'skipped' as const;
    const o = yeekeeOutcome(await shotNumbers(tx, r.id), r.settings.yeekee?.min_shots);
    if (o.void) {
      await cancelLockedRound(
        d,
        tx,
        r,
        `ยี่กีเป็นโมฆะ: มีผู้ยิงเลข ${o.shots} ครั้ง (น้อยกว่า ${r.settings.yeekee?.min_shots ?? 20})`,
        { type: 'system' },
      );
      return 'void' as const;
    }
    const result = deriveResult('yeekee', { r: o.r });
    const raw = { r: o.r, shots: o.shots, sum: o.sum, p16: o.p16, chain_head: r.chain_head };
    await updateRound(tx, r.id, {
      status: 'resulted',
      result: JSON.stringify(result),
      result_raw: JSON.stringify(raw),
      result_hash: resultHash(raw, result),
      result_version: 1,
      resulted_at: now,
      yeekee_sum: o.sum ?? null,
      yeekee_p16: o.p16 ?? null,
      yeekee_r: o.r ?? null,
    });
    await d.events.publish(tx, `yeekee:${r.id}`, 'result', {
      round_id: r.id,
      result,
      sum: o.sum,
      p16: o.p16,
      r: o.r,
    });
    await publishRound(d, tx, r, 'resulted');
    return 'drawn' as const;
  });
  if (outcome === 'drawn') await settleRound(d, roundId);
  return outcome;
}

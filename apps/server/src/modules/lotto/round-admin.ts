import { rateToX100, x100ToRate } from '@chok/engine/lotto/match';
import { type BetType, betTypeLabels, isValidNumber } from '@chok/engine/lotto/types';
import { bahtToSatang } from '@chok/engine/money';
import { appendAudit } from '../../platform/audit.ts';
import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { LottoDeps } from './deps.ts';
import { roundFlags } from './result-entries-queries.ts';
import {
  closeRoundAt,
  deleteNumberLimit,
  findNumberLimit,
  reopenRoundUntil,
  upsertNumberLimit,
} from './round-admin-queries.ts';
import { findRound } from './round-queries.ts';
import { ROUND_STATE_LABELS, roundSummary } from './round-views.ts';
import { drawYeekee } from './settlement.ts';

/** An operator's hands on a round: เลขอั้น (docs/rules/lottery.md §4) and the emergency close. Audited. */

/** Sets (or, with action `none`, removes) a number's เลขอั้น on a round; `cap` is whole baht. */
export async function setNumberLimit(
  d: LottoDeps,
  roundId: number,
  l: {
    bet_type: BetType;
    number: string;
    action: 'closed' | 'reduced_rate' | 'capped' | 'none';
    rate?: string | undefined;
    cap?: number | undefined;
  },
  staffId: number,
) {
  if (!isValidNumber(l.bet_type, l.number))
    throw new AppError(
      'LOTTO_INVALID_NUMBER',
      { number: l.number, type: betTypeLabels[l.bet_type] },
      { number: 'เลขไม่ถูกต้อง' },
    );
  return inTransaction(d.db, async (tx) => {
    const r = await findRound(tx, roundId, 'share');
    if (!r) throw new AppError('LOTTO_ROUND_NOT_FOUND');
    const key = { roundId, betType: l.bet_type, number: l.number };
    const before = await findNumberLimit(tx, key);
    if (l.action === 'none') {
      await deleteNumberLimit(tx, key);
    } else {
      await upsertNumberLimit(tx, key, {
        action: l.action,
        rate: l.action === 'reduced_rate' && l.rate ? x100ToRate(rateToX100(l.rate)) : null,
        cap: l.action === 'capped' ? bahtToSatang(l.cap ?? 0) : null,
      });
    }
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'lotto.number_limit.set',
      entity: 'lotto_round',
      entityId: roundId,
      before: before ?? null,
      after: l,
    });
    return { round_id: roundId, bet_type: l.bet_type, number: l.number, action: l.action };
  });
}

/**
 * Emergency close by an operator: betting ends now (never later than planned); for yeekee,
 * shooting ends too and the round is drawn at once. Audited.
 */
export async function closeRoundNow(
  d: LottoDeps,
  roundId: number,
  reason: string,
  staff: { staffId: number; role: string },
) {
  const closed = await inTransaction(d.db, async (tx) => {
    const r = await findRound(tx, roundId, 'update');
    if (!r) throw new AppError('LOTTO_ROUND_NOT_FOUND');
    if (!['scheduled', 'open', 'closed'].includes(r.status))
      throw new AppError('LOTTO_ROUND_FINAL', { state: ROUND_STATE_LABELS[r.status] ?? r.status });
    const now = d.clock.now();
    const closeAt = r.close_at < now ? r.close_at : now;
    // Shooting ends now (if it has not ended): shoot_close_at moves so that shoot_close_at − d is
    // now, keeping the committed offset d so the sealed close's reveal still verifies.
    const offsetMs = r.seal_offset_ms ?? 0;
    const shootEndMs = r.shoot_close_at ? r.shoot_close_at.getTime() - offsetMs : null;
    const shootingEnds = shootEndMs !== null && shootEndMs > now.getTime();
    // Ending betting or shooting before the schedule says is the owner's decision (docs/rules/lottery.md §6).
    const early = now < r.close_at || shootingEnds;
    if (early && staff.role !== 'owner') throw new AppError('LOTTO_EARLY_CLOSE_OWNER_ONLY');
    const flags = await roundFlags(tx, roundId);
    await closeRoundAt(tx, roundId, {
      close_at: closeAt,
      open_at: r.open_at < closeAt ? r.open_at : closeAt,
      ...(shootingEnds ? { shoot_close_at: new Date(now.getTime() + offsetMs) } : {}),
      ...(now < r.close_at && !flags?.scheduled_close_at ? { scheduled_close_at: r.close_at } : {}),
    });
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staff.staffId,
      action: 'lotto.round.close',
      entity: 'lotto_round',
      entityId: roundId,
      before: { status: r.status, close_at: r.close_at, shoot_close_at: r.shoot_close_at },
      after: { status: 'closed', close_at: closeAt, early, reason },
    });
    return { r, closeAt };
  });
  if (closed.r.derive_rule === 'yeekee') await drawYeekee(d, roundId, d.clock.now());
  const after = await findRound(d.db, roundId);
  return { round_id: roundId, status: after!.status, close_at: closed.closeAt.toISOString() };
}

/**
 * Reopens a round the owner closed early (docs/rules/lottery.md §6), until its scheduled close: betting
 * runs again to that time. Not a yeekee round (closing one draws it), not after the scheduled close,
 * not once a result is proposed or written. Owner only; audited.
 */
export async function reopenRound(d: LottoDeps, roundId: number, reason: string, staffId: number) {
  await inTransaction(d.db, async (tx) => {
    const r = await findRound(tx, roundId, 'update');
    if (!r) throw new AppError('LOTTO_ROUND_NOT_FOUND');
    const flags = await roundFlags(tx, roundId);
    const refuse = (detail: string) => new AppError('LOTTO_REOPEN_NOT_ALLOWED', { detail });
    if (r.status !== 'closed') throw refuse('งวดนี้ไม่ได้อยู่ในสถานะปิดรับแทง');
    if (r.derive_rule === 'yeekee') throw refuse('หวยยี่กีที่ปิดแล้วจะคำนวณผลทันที');
    const until = flags?.scheduled_close_at;
    if (!until) throw refuse('งวดนี้ไม่ได้ถูกปิดก่อนเวลา');
    if (d.clock.now() >= until || r.db_now >= until) throw refuse('เลยเวลาปิดรับตามตารางแล้ว');
    await reopenRoundUntil(tx, roundId, until);
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'lotto.round.reopen',
      entity: 'lotto_round',
      entityId: roundId,
      before: { status: r.status, close_at: r.close_at },
      after: { status: 'open', close_at: until, reason },
    });
    await d.events.publish(tx, `lotto_round:${r.id}`, 'round', { round_id: r.id, status: 'open' });
    await d.events.publish(tx, 'lotto', 'rounds', { round_id: r.id, status: 'open' });
  });
  return roundSummary((await findRound(d.db, roundId))!);
}

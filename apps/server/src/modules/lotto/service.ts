import { rateToX100, x100ToRate } from '@chok/engine/lotto/match';
import { type BetType, betTypeLabels, isValidNumber } from '@chok/engine/lotto/types';
import { appendAudit } from '../../platform/audit.ts';
import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { createBills } from './bills.ts';
import type { LottoDeps } from './deps.ts';
import { findRound } from './queries.ts';
import {
  closeDueRounds,
  dueNoResultRefunds,
  dueSettlements,
  dueYeekeeDraws,
  ensureRounds,
  openDueRounds,
} from './scheduler.ts';
import { createSettlement } from './settlement.ts';
import { createViews } from './views.ts';
import { createYeekee } from './yeekee.ts';

const ROUND_STATE: Record<string, string> = {
  resulted: 'ออกผล',
  settled: 'ออกผลและจ่ายรางวัล',
  cancelled: 'ถูกยกเลิก',
};

/** The lotto module's use cases, built once per app. */
export function createLotto(d: LottoDeps) {
  const settlement = createSettlement(d);

  /**
   * Everything time makes due, in order: create rounds ahead, open, close, draw yeekee, settle,
   * refund rounds without a result. Idempotent; the periodic sweep and every job call this.
   */
  async function tick(now: Date) {
    const created = await ensureRounds(d, now);
    const opened = await openDueRounds(d, now);
    const closed = await closeDueRounds(d, now);
    let drawn = 0;
    for (const y of await dueYeekeeDraws(d, now))
      if ((await settlement.drawYeekee(y.id, now)) !== 'skipped') drawn++;
    let settled = 0;
    for (const id of await dueSettlements(d)) if ((await settlement.settleRound(id)).bills >= 0) settled++;
    let refunded = 0;
    for (const id of await dueNoResultRefunds(d, now)) {
      await settlement.cancelRound(id, 'ไม่มีผลรางวัลภายในเวลาที่กำหนด คืนเงินเต็มจำนวน', { type: 'system' });
      refunded++;
    }
    return { created, opened, closed, drawn, settled, refunded };
  }

  async function setNumberLimit(
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
      const before = await tx
        .selectFrom('lotto_number_limit')
        .selectAll()
        .where('round_id', '=', roundId)
        .where('bet_type', '=', l.bet_type)
        .where('number', '=', l.number)
        .executeTakeFirst();
      if (l.action === 'none') {
        await tx
          .deleteFrom('lotto_number_limit')
          .where('round_id', '=', roundId)
          .where('bet_type', '=', l.bet_type)
          .where('number', '=', l.number)
          .execute();
      } else {
        const row = {
          action: l.action,
          rate: l.action === 'reduced_rate' && l.rate ? x100ToRate(rateToX100(l.rate)) : null,
          cap: l.action === 'capped' ? (l.cap ?? 0) * 100 : null,
        };
        await tx
          .insertInto('lotto_number_limit')
          .values({ round_id: roundId, bet_type: l.bet_type, number: l.number, ...row })
          .onConflict((oc) => oc.columns(['round_id', 'bet_type', 'number']).doUpdateSet(row))
          .execute();
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
  async function closeRoundNow(roundId: number, reason: string, staffId: number) {
    const closed = await inTransaction(d.db, async (tx) => {
      const r = await findRound(tx, roundId, 'update');
      if (!r) throw new AppError('LOTTO_ROUND_NOT_FOUND');
      if (!['scheduled', 'open', 'closed'].includes(r.status))
        throw new AppError('LOTTO_ROUND_FINAL', { state: ROUND_STATE[r.status] ?? r.status });
      const now = d.clock.now();
      const closeAt = r.close_at < now ? r.close_at : now;
      // Shooting ends now (if it has not ended): shoot_close_at moves so that shoot_close_at − d is
      // now, keeping the committed offset d so the sealed close's reveal still verifies.
      const offset = r.seal_offset_ms ?? 0;
      const shootEnd = r.shoot_close_at ? r.shoot_close_at.getTime() - offset : null;
      await tx
        .updateTable('lotto_round')
        .set({
          status: 'closed',
          close_at: closeAt,
          open_at: r.open_at < closeAt ? r.open_at : closeAt,
          ...(shootEnd !== null && shootEnd > now.getTime()
            ? { shoot_close_at: new Date(now.getTime() + offset) }
            : {}),
        })
        .where('id', '=', roundId)
        .execute();
      await appendAudit(tx, {
        actorType: 'staff',
        actorId: staffId,
        action: 'lotto.round.close',
        entity: 'lotto_round',
        entityId: roundId,
        before: { status: r.status, close_at: r.close_at, shoot_close_at: r.shoot_close_at },
        after: { status: 'closed', close_at: closeAt, reason },
      });
      return { r, closeAt };
    });
    if (closed.r.derive_rule === 'yeekee') await settlement.drawYeekee(roundId, d.clock.now());
    const after = await findRound(d.db, roundId);
    return { round_id: roundId, status: after!.status, close_at: closed.closeAt.toISOString() };
  }

  return {
    tick,
    settlement,
    bills: createBills(d),
    yeekee: createYeekee(d),
    views: createViews(d),
    setNumberLimit,
    closeRoundNow,
  };
}

export type Lotto = ReturnType<typeof createLotto>;

// ── For other modules (issue 10, added by the payments refactor; additive) ──

/** Payments: a bonus-wallet bill still in play keeps a promotion open. */
export { hasPendingBill } from './payments-queries.ts';

import { createHash } from 'node:crypto';
import { DeriveError, deriveResult } from '@chok/engine/lotto/derive';
import { winningKeys } from '@chok/engine/lotto/match';
import type { RoundResult } from '@chok/engine/lotto/types';
import { yeekeeOutcome } from '@chok/engine/lotto/yeekee';
import { formatBaht, satang } from '@chok/engine/money';
import { sql } from 'kysely';
import { appendAudit } from '../../platform/audit.ts';
import { inTransaction, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { WalletTypeId } from '../wallet/queries.ts';
import { releaseExposure } from './bills.ts';
import { HOUSE, type LottoDeps } from './deps.ts';
import { findRound, type RoundRow, walletBalance } from './queries.ts';

type Actor = { type: 'staff'; id: number } | { type: 'system' };

function resultHash(raw: unknown, result: RoundResult): Buffer {
  return createHash('sha256').update(JSON.stringify({ raw, result })).digest();
}

function sameResult(a: RoundResult | null, b: RoundResult): boolean {
  return a !== null && JSON.stringify(winningKeys(a)) === JSON.stringify(winningKeys(b));
}

export function createSettlement(d: LottoDeps) {
  /** Credits `amount` to a member, first recovering any lotto debt from it (lottery.md §8.3). */
  async function creditMember(
    tx: Tx,
    c: {
      memberId: number;
      wallet: WalletTypeId;
      amount: number;
      kind: 'win' | 'refund' | 'bonus';
      reference: string;
      key: string;
    },
  ) {
    await d.ledger.transfer(tx, {
      from: HOUSE,
      to: { member: c.memberId, wallet: c.wallet },
      amount: satang(c.amount),
      kind: c.kind,
      reference: c.reference,
      idempotencyKey: c.key,
    });
    const debts = await tx
      .selectFrom('lotto_member_debt')
      .selectAll()
      .where('member_id', '=', c.memberId)
      .where((eb) => eb('recovered', '<', eb.ref('amount')))
      .orderBy('id')
      .forUpdate()
      .execute();
    let left = c.amount;
    for (const debt of debts) {
      const take = Math.min(left, debt.amount - debt.recovered);
      if (take <= 0) break;
      await d.ledger.transfer(tx, {
        from: { member: c.memberId, wallet: c.wallet },
        to: HOUSE,
        amount: satang(take),
        kind: 'adjustment',
        reference: `lotto:debt:${debt.id}`,
        idempotencyKey: `lotto:debt:${debt.id}:${c.key}`,
      });
      await tx
        .updateTable('lotto_member_debt')
        .set({ recovered: debt.recovered + take })
        .where('id', '=', debt.id)
        .execute();
      left -= take;
    }
  }

  /**
   * Set-based settlement of one round (lottery.md §8): pending items joined to the winning set are
   * won (stake × rate_snapshot), the rest lost; each winning bill gets one credit per result version.
   * Idempotent: a re-run finds nothing pending and pays nothing.
   */
  async function settleRound(roundId: number): Promise<{ bills: number; paid: number }> {
    return inTransaction(d.db, async (tx) => {
      const r = await findRound(tx, roundId, 'update');
      if (!r || r.status !== 'resulted' || !r.result) return { bills: 0, paid: 0 };
      const keys = winningKeys(r.result);
      const winners = Object.entries(keys).flatMap(([t, ks]) => ks.map((k) => sql`(${t}, ${k})`));
      await sql`
        UPDATE lotto_bill_item i SET status = 'won', win_amount = (i.stake * i.rate_snapshot)::bigint
        FROM (VALUES ${sql.join(winners)}) AS w(bet_type, key)
        WHERE i.round_id = ${roundId} AND i.status = 'pending' AND i.bet_type = w.bet_type
          AND (CASE WHEN i.bet_type = 'three_tod' THEN i.tod_key ELSE i.number END) = w.key`.execute(tx);
      await sql`UPDATE lotto_bill_item SET status = 'lost', win_amount = 0
        WHERE round_id = ${roundId} AND status = 'pending'`.execute(tx);
      const { rows: bills } = await sql<{
        id: number;
        member_id: number;
        wallet_type_id: number;
        total_win: number;
        status: string;
      }>`
        UPDATE lotto_bill b SET status = CASE WHEN s.win > 0 THEN 'won' ELSE 'lost' END, total_win = s.win,
          settled_at = now()
        FROM (SELECT bill_id, sum(win_amount)::bigint AS win FROM lotto_bill_item
              WHERE round_id = ${roundId} AND status IN ('won', 'lost') GROUP BY bill_id) s
        WHERE b.id = s.bill_id AND b.round_id = ${roundId} AND b.status = 'pending'
        RETURNING b.id, b.member_id, b.wallet_type_id, b.total_win, b.status`.execute(tx);
      let paid = 0;
      for (const b of bills) {
        if (b.total_win <= 0) continue;
        const claimed = await tx
          .insertInto('lotto_win_payment')
          .values({
            bill_id: b.id,
            result_version: r.result_version,
            member_id: b.member_id,
            wallet_type_id: b.wallet_type_id,
            amount: b.total_win,
          })
          .onConflict((oc) => oc.columns(['bill_id', 'result_version']).doNothing())
          .returning('bill_id')
          .executeTakeFirst();
        if (!claimed) continue;
        await creditMember(tx, {
          memberId: b.member_id,
          wallet: b.wallet_type_id as WalletTypeId,
          amount: b.total_win,
          kind: 'win',
          reference: `lotto:bill:${b.id}`,
          key: `lotto:win:${b.id}:v${r.result_version}`,
        });
        paid += b.total_win;
      }
      if (r.derive_rule === 'yeekee') await payYeekeeRewards(tx, r);
      await tx
        .updateTable('lotto_round')
        .set({ status: 'settled', settled_at: d.clock.now() })
        .where('id', '=', roundId)
        .execute();
      for (const b of bills)
        await d.events.publish(tx, `member:${b.member_id}`, 'lotto_bill', {
          bill_id: b.id,
          round_id: roundId,
          status: b.status,
          total_win: formatBaht(b.total_win),
        });
      await publishRound(tx, r, 'settled');
      return { bills: bills.length, paid };
    });
  }

  async function publishRound(tx: Tx, r: RoundRow, status: string) {
    const topic = r.derive_rule === 'yeekee' ? `yeekee:${r.id}` : `lotto_round:${r.id}`;
    await d.events.publish(tx, topic, 'round', { round_id: r.id, status });
    await d.events.publish(tx, 'lotto', 'rounds', { round_id: r.id, status });
  }

  /** Shooter rewards (lottery.md §9): per configured position, if that shooter staked enough. */
  async function payYeekeeRewards(tx: Tx, r: RoundRow) {
    const y = r.settings.yeekee;
    if (!y || r.shot_count < y.min_shots) return;
    for (const reward of y.rewards) {
      const seq = r.shot_count - reward.position + 1;
      if (seq < 1) continue;
      const shot = await tx
        .selectFrom('lotto_shot')
        .select('member_id')
        .where('round_id', '=', r.id)
        .where('seq', '=', seq)
        .executeTakeFirst();
      if (!shot) continue;
      const staked = await tx
        .selectFrom('lotto_bill')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total_stake'), eb.val(0)).as('s'))
        .where('round_id', '=', r.id)
        .where('member_id', '=', shot.member_id)
        .where('status', 'in', ['pending', 'won', 'lost'])
        .executeTakeFirstOrThrow();
      if (Number(staked.s) < y.reward_min_stake * 100) continue;
      const claimed = await tx
        .insertInto('lotto_yeekee_reward')
        .values({
          round_id: r.id,
          position: reward.position,
          seq,
          member_id: shot.member_id,
          amount: reward.amount * 100,
        })
        .onConflict((oc) => oc.columns(['round_id', 'position']).doNothing())
        .returning('seq')
        .executeTakeFirst();
      if (!claimed) continue;
      await creditMember(tx, {
        memberId: shot.member_id,
        wallet: 1,
        amount: reward.amount * 100,
        kind: 'bonus',
        reference: `lotto:yeekee_reward:${r.id}:${reward.position}`,
        key: `lotto:yeekee_reward:${r.id}:${reward.position}`,
      });
      await d.events.publish(tx, `member:${shot.member_id}`, 'yeekee_reward', {
        round_id: r.id,
        position: reward.position,
        amount: formatBaht(reward.amount * 100),
      });
    }
  }

  /** Refunds every pending bill of a locked round and marks it cancelled (operator, no-result, void yeekee). */
  async function cancelLockedRound(tx: Tx, r: RoundRow, reason: string, actor: Actor) {
    if (r.status === 'settled' || r.status === 'cancelled')
      throw new AppError('LOTTO_ROUND_FINAL', {
        state: r.status === 'settled' ? 'ออกผลและจ่ายรางวัล' : 'ถูกยกเลิก',
      });
    const bills = await tx
      .selectFrom('lotto_bill')
      .select(['id', 'member_id', 'wallet_type_id', 'total_stake'])
      .where('round_id', '=', r.id)
      .where('status', '=', 'pending')
      .orderBy('id')
      .execute();
    await releaseExposure(
      tx,
      bills.map((b) => b.id),
    );
    let refunded = 0;
    for (const b of bills) {
      await creditMember(tx, {
        memberId: b.member_id,
        wallet: b.wallet_type_id as WalletTypeId,
        amount: b.total_stake,
        kind: 'refund',
        reference: `lotto:bill:${b.id}`,
        key: `lotto:refund:${b.id}`,
      });
      refunded += b.total_stake;
      await d.events.publish(tx, `member:${b.member_id}`, 'lotto_bill', {
        bill_id: b.id,
        round_id: r.id,
        status: 'refunded',
        total_win: '0.00',
      });
    }
    if (bills.length > 0) {
      await tx
        .updateTable('lotto_bill_item')
        .set({ status: 'refunded' })
        .where('round_id', '=', r.id)
        .where('status', '=', 'pending')
        .execute();
      await tx
        .updateTable('lotto_bill')
        .set({ status: 'refunded', settled_at: d.clock.now() })
        .where('round_id', '=', r.id)
        .where('status', '=', 'pending')
        .execute();
    }
    await tx
      .updateTable('lotto_round')
      .set({ status: 'cancelled', cancelled_at: d.clock.now(), cancel_reason: reason })
      .where('id', '=', r.id)
      .execute();
    await appendAudit(tx, {
      actorType: actor.type,
      actorId: actor.type === 'staff' ? actor.id : null,
      action: 'lotto.round.cancel',
      entity: 'lotto_round',
      entityId: r.id,
      before: { status: r.status },
      after: { status: 'cancelled', reason, refunded_bills: bills.length, refunded: formatBaht(refunded) },
    });
    await publishRound(tx, r, 'cancelled');
    return { round_id: r.id, refunded_bills: bills.length, refunded: formatBaht(refunded) };
  }

  async function cancelRound(roundId: number, reason: string, actor: Actor) {
    return inTransaction(d.db, async (tx) => {
      const r = await findRound(tx, roundId, 'update');
      if (!r) throw new AppError('LOTTO_ROUND_NOT_FOUND');
      return cancelLockedRound(tx, r, reason, actor);
    });
  }

  /** Reverses every win of the current version (lottery.md §8.3) and resets the round's items to pending. */
  async function reverseWins(tx: Tx, r: RoundRow) {
    const payments = await tx
      .selectFrom('lotto_win_payment as p')
      .innerJoin('lotto_bill as b', 'b.id', 'p.bill_id')
      .select(['p.bill_id', 'p.result_version', 'p.member_id', 'p.wallet_type_id', 'p.amount'])
      .where('b.round_id', '=', r.id)
      .where('p.reversed_at', 'is', null)
      .orderBy('p.bill_id')
      .execute();
    for (const p of payments) {
      const balance = await walletBalance(tx, p.member_id, p.wallet_type_id);
      const take = Math.min(balance, p.amount);
      if (take > 0)
        await d.ledger.transfer(tx, {
          from: { member: p.member_id, wallet: p.wallet_type_id as WalletTypeId },
          to: HOUSE,
          amount: satang(take),
          kind: 'adjustment',
          reference: `lotto:win_reversal:${p.bill_id}`,
          idempotencyKey: `lotto:win_reversal:${p.bill_id}:v${p.result_version}`,
        });
      if (take < p.amount)
        await tx
          .insertInto('lotto_member_debt')
          .values({ member_id: p.member_id, round_id: r.id, amount: p.amount - take })
          .execute();
      await tx
        .updateTable('lotto_win_payment')
        .set({ reversed_at: d.clock.now() })
        .where('bill_id', '=', p.bill_id)
        .where('result_version', '=', p.result_version)
        .execute();
    }
    await tx
      .updateTable('lotto_bill_item')
      .set({ status: 'pending', win_amount: 0 })
      .where('round_id', '=', r.id)
      .where('status', 'in', ['won', 'lost'])
      .execute();
    await tx
      .updateTable('lotto_bill')
      .set({ status: 'pending', total_win: 0, settled_at: null })
      .where('round_id', '=', r.id)
      .where('status', 'in', ['won', 'lost'])
      .execute();
    return payments.length;
  }

  /**
   * Enters (or, with a reason, corrects) a market's official output: validated and derived by the
   * market's rule, audited, then settled. Requires now ≥ close_at.
   */
  async function enterResult(
    roundId: number,
    raw: Record<string, unknown>,
    reason: string | undefined,
    staffId: number,
  ) {
    const entered = await inTransaction(d.db, async (tx) => {
      const r = await findRound(tx, roundId, 'update');
      if (!r) throw new AppError('LOTTO_ROUND_NOT_FOUND');
      if (r.derive_rule === 'yeekee') throw new AppError('LOTTO_RESULT_BY_SHOOTING');
      if (r.status === 'cancelled') throw new AppError('LOTTO_ROUND_FINAL', { state: 'ถูกยกเลิก' });
      if (d.clock.now() < r.close_at) throw new AppError('LOTTO_RESULT_TOO_EARLY');
      let result: RoundResult;
      try {
        result = deriveResult(r.derive_rule, raw);
      } catch (err) {
        if (err instanceof DeriveError)
          throw new AppError(
            'LOTTO_RESULT_INVALID',
            { detail: err.message },
            { [`raw.${err.field}`]: err.message },
          );
        throw err;
      }
      const correcting = r.status === 'resulted' || r.status === 'settled';
      if (correcting && !reason) throw new AppError('LOTTO_REASON_REQUIRED', {}, { reason: 'กรุณาระบุเหตุผล' });
      if (correcting && sameResult(r.result, result)) return { r, result, version: r.result_version };
      if (correcting) await reverseWins(tx, r);
      const version = r.result_version + 1;
      await tx
        .updateTable('lotto_round')
        .set({
          status: 'resulted',
          result: JSON.stringify(result),
          result_raw: JSON.stringify(raw),
          result_hash: resultHash(raw, result),
          result_version: version,
          resulted_at: d.clock.now(),
          settled_at: null,
        })
        .where('id', '=', r.id)
        .execute();
      await appendAudit(tx, {
        actorType: 'staff',
        actorId: staffId,
        action: correcting ? 'lotto.result.correct' : 'lotto.result.enter',
        entity: 'lotto_round',
        entityId: r.id,
        before: correcting ? { result: r.result, version: r.result_version } : { status: r.status },
        after: { result, raw, version, ...(reason ? { reason } : {}) },
      });
      await publishRound(tx, r, 'resulted');
      return { r, result, version };
    });
    const settled = await settleRound(roundId);
    const after = await findRound(d.db, roundId);
    return {
      round_id: roundId,
      status: after!.status,
      result: entered.result,
      result_version: entered.version,
      settled_bills: settled.bills,
      paid: formatBaht(settled.paid),
    };
  }

  /**
   * Computes a yeekee round's result at shooting close (lottery.md §9), or voids it below the
   * minimum number of shots. Safe to call repeatedly and early (does nothing before the end).
   */
  async function drawYeekee(roundId: number, now: Date): Promise<'drawn' | 'void' | 'skipped'> {
    const outcome = await inTransaction(d.db, async (tx) => {
      const r = await findRound(tx, roundId, 'update');
      if (!r || r.derive_rule !== 'yeekee' || !r.shoot_close_at) return 'skipped' as const;
      if (r.status !== 'open' && r.status !== 'closed') return 'skipped' as const;
      const end = r.shoot_close_at.getTime() - (r.seal_offset_ms ?? 0);
      if (now.getTime() < end) return 'skipped' as const;
      const shots = await tx
        .selectFrom('lotto_shot')
        .select('number')
        .where('round_id', '=', r.id)
        .orderBy('seq')
        .execute();
      const o = yeekeeOutcome(
        shots.map((s) => s.number),
        r.settings.yeekee?.min_shots,
      );
      if (o.void) {
        await cancelLockedRound(
          tx,
          r,
          `ยี่กีเป็นโมฆะ: มีผู้ยิงเลข ${o.shots} ครั้ง (น้อยกว่า ${r.settings.yeekee?.min_shots ?? 20})`,
          { type: 'system' },
        );
        return 'void' as const;
      }
      const result = deriveResult('yeekee', { r: o.r });
      const raw = { r: o.r, shots: o.shots, sum: o.sum, p16: o.p16, chain_head: r.chain_head };
      await tx
        .updateTable('lotto_round')
        .set({
          status: 'resulted',
          result: JSON.stringify(result),
          result_raw: JSON.stringify(raw),
          result_hash: resultHash(raw, result),
          result_version: 1,
          resulted_at: now,
          yeekee_sum: o.sum ?? null,
          yeekee_p16: o.p16 ?? null,
          yeekee_r: o.r ?? null,
        })
        .where('id', '=', r.id)
        .execute();
      await d.events.publish(tx, `yeekee:${r.id}`, 'result', {
        round_id: r.id,
        result,
        sum: o.sum,
        p16: o.p16,
        r: o.r,
      });
      await publishRound(tx, r, 'resulted');
      return 'drawn' as const;
    });
    if (outcome === 'drawn') await settleRound(roundId);
    return outcome;
  }

  return { settleRound, cancelRound, enterResult, drawYeekee };
}

export type Settlement = ReturnType<typeof createSettlement>;

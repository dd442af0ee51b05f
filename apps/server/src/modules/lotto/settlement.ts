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
import { memberBalance, recordLottoDebt, type WalletTypeId } from '../wallet/service.ts';
import { releaseExposure } from './bills.ts';
import { HOUSE, type LottoDeps } from './deps.ts';
import { findRound, type RoundRow } from './queries.ts';

type Actor = { type: 'staff'; id: number } | { type: 'system' };

function resultHash(raw: unknown, result: RoundResult): Buffer {
  return createHash('sha256').update(JSON.stringify({ raw, result })).digest();
}

function sameResult(a: RoundResult | null, b: RoundResult): boolean {
  return a !== null && JSON.stringify(winningKeys(a)) === JSON.stringify(winningKeys(b));
}

export function createSettlement(d: LottoDeps) {
  /**
   * Credits `amount` to a member from the house. A member who owes correction debt pays it back from
   * this credit inside the ledger (docs/rules/lottery.md §8.3), as from every credit to main.
   */
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
  }

  /**
   * Set-based settlement of one round (lottery.md §8), in one transaction whatever its size: one pass
   * over the pending items marks each won (stake × rate_snapshot) or lost and feeds the bills' totals;
   * each winning bill's credit is claimed once per result version (`lotto_win_payment`) and paid by
   * the ledger in bulk (`creditMany`: three statements for all winners; a winner who owes correction
   * debt pays it back from the credit inside the ledger). Idempotent: a re-run finds
   * nothing pending and pays nothing. The members' `lotto_bills` notices go out after commit.
   */
  async function settleRound(roundId: number): Promise<{ bills: number; paid: number }> {
    const done = await inTransaction(d.db, async (tx) => {
      const r = await findRound(tx, roundId, 'update');
      if (!r || r.status !== 'resulted' || !r.result) return null;
      const winners = Object.entries(winningKeys(r.result)).flatMap(([t, ks]) => ks.map((k) => `${t}:${k}`));
      const won = sql`(i.bet_type || ':' || CASE WHEN i.bet_type = 'three_tod' THEN i.tod_key ELSE i.number END) = ANY(${winners}::text[])`;
      const { rows: bills } = await sql<{
        id: number;
        member_id: number;
        wallet_type_id: number;
        total_win: number;
        status: string;
      }>`
        WITH items AS (
          UPDATE lotto_bill_item i
          SET status = CASE WHEN ${won} THEN 'won' ELSE 'lost' END,
              win_amount = CASE WHEN ${won} THEN (i.stake * i.rate_snapshot)::bigint ELSE 0 END
          WHERE i.round_id = ${roundId} AND i.status = 'pending'
          RETURNING i.bill_id, i.win_amount),
        s AS (SELECT bill_id, sum(win_amount)::bigint AS win FROM items GROUP BY bill_id)
        UPDATE lotto_bill b SET status = CASE WHEN s.win > 0 THEN 'won' ELSE 'lost' END, total_win = s.win,
          settled_at = now()
        FROM s
        WHERE b.id = s.bill_id AND b.round_id = ${roundId} AND b.status = 'pending'
        RETURNING b.id, b.member_id, b.wallet_type_id, b.total_win, b.status`.execute(tx);
      // One payment per winning bill and result version; a re-run claims nothing.
      const winning = bills.filter((b) => b.total_win > 0);
      const { rows: claimed } = winning.length
        ? await sql<{ bill_id: number; member_id: number; wallet_type_id: number; amount: number }>`
            INSERT INTO lotto_win_payment (bill_id, result_version, member_id, wallet_type_id, amount)
            SELECT v.bill_id, ${r.result_version}, v.member_id, v.wallet_type_id, v.amount
            FROM unnest(${winning.map((b) => b.id)}::bigint[], ${winning.map((b) => b.member_id)}::int[],
              ${winning.map((b) => b.wallet_type_id)}::int[], ${winning.map((b) => b.total_win)}::bigint[])
              AS v(bill_id, member_id, wallet_type_id, amount)
            ORDER BY v.bill_id
            ON CONFLICT (bill_id, result_version) DO NOTHING
            RETURNING bill_id, member_id, wallet_type_id, amount`.execute(tx)
        : { rows: [] };
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
      const paid = claimed.reduce((sum, c) => sum + c.amount, 0);
      if (r.derive_rule === 'yeekee') await payYeekeeRewards(tx, r);
      await tx
        .updateTable('lotto_round')
        .set({ status: 'settled', settled_at: d.clock.now() })
        .where('id', '=', roundId)
        .execute();
      await publishRound(tx, r, 'settled');
      return { bills, paid };
    });
    if (!done) return { bills: 0, paid: 0 };
    await noticeBills(roundId, done.bills);
    return { bills: done.bills.length, paid: done.paid };
  }

  /**
   * After a settlement committed: each member's settled bills as `lotto_bills` on their private topic,
   * one event per member (up to 40 bills each), so a round with 100,000 bills costs one round trip
   * per member rather than per bill, and none while the round's lock is held. A notice lost to a crash
   * here is only a hint: the bills themselves are committed and the client reads them.
   */
  async function noticeBills(
    roundId: number,
    bills: { id: number; member_id: number; status: string; total_win: number }[],
  ) {
    const byMember = new Map<number, { bill_id: number; status: string; total_win: string }[]>();
    for (const b of bills) {
      const list = byMember.get(b.member_id) ?? [];
      list.push({ bill_id: b.id, status: b.status, total_win: formatBaht(b.total_win) });
      byMember.set(b.member_id, list);
    }
    const events: { topic: string; bills: { bill_id: number; status: string; total_win: string }[] }[] = [];
    for (const [memberId, list] of byMember)
      for (let i = 0; i < list.length; i += 40)
        events.push({ topic: `member:${memberId}`, bills: list.slice(i, i + 40) });
    const lanes = Array.from({ length: 2 }, async () => {
      for (let e = events.pop(); e; e = events.pop())
        await d.events
          .publish(d.db, e.topic, 'lotto_bills', { round_id: roundId, bills: e.bills })
          .catch(() => {});
    });
    await Promise.all(lanes);
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
      const balance = await memberBalance(tx, p.member_id, p.wallet_type_id);
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
        await recordLottoDebt(tx, { memberId: p.member_id, roundId: r.id, amountSatang: p.amount - take });
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

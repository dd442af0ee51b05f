import { decideRedeem } from '@chok/engine/engagement/affiliate';
import { bangkokDate } from '@chok/engine/engagement/calendar';
import { formatBaht, parseBaht, satang } from '@chok/engine/money';
import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { lockMember } from '../members/service.ts';
import { MAIN_WALLET } from '../wallet/service.ts';
import { insertRedeemEntry, lockAccount, takeRedemption } from './account-queries.ts';
import type { AffiliateDeps } from './commission.ts';
import { readRules } from './settings.ts';
import { bahtWords } from './views.ts';

/** The system account commissions are paid from when redeemed (docs/rules/casino.md §2.5). */
const PAYER = { system: 'sys:affiliate' } as const;
const REFERENCE = 'ถอนค่าแนะนำเพื่อนเข้ากระเป๋าหลัก';

/**
 * Redeeming the affiliate balance to main (docs/rules/engagement.md §11 rule 3): from 100 baht, at most
 * 50,000 a Bangkok day (the server's date, G3); without an amount, as much as allowed. One transaction
 * under the member lock (G1): the balance and today's total change in one guarded statement, the
 * entry is appended and the ledger moves the same amount from `sys:affiliate` to main under one key.
 * A refusal changes nothing.
 */
export async function redeem(d: AffiliateDeps, memberId: number, requested: string | undefined) {
  const today = bangkokDate(d.clock.now());
  return inTransaction(d.db, async (tx) => {
    await lockMember(tx, memberId);
    const rules = await readRules(tx);
    const account = await lockAccount(tx, memberId);
    const usedToday = account.redeem_day === today ? account.redeemed_day_satang : 0;
    const decision = decideRedeem(
      satang(account.balance_satang),
      satang(usedToday),
      requested === undefined ? null : parseBaht(requested),
      rules,
    );
    if (!decision.ok) {
      if (decision.reason === 'min')
        throw new AppError('AFFILIATE_REDEEM_MIN', { min: bahtWords(decision.min) });
      if (decision.reason === 'balance')
        throw new AppError('AFFILIATE_BALANCE_LOW', { balance: bahtWords(decision.balance) });
      throw new AppError('AFFILIATE_DAILY_LIMIT', {
        limit: bahtWords(decision.limit),
        left: bahtWords(decision.left),
      });
    }
    const amount = decision.amount;
    const taken = await takeRedemption(tx, { memberId, amount, today, limit: rules.dailyLimit });
    // The lock above makes this unreachable; the guarded statement is the last word all the same.
    if (!taken) throw new AppError('AFFILIATE_BALANCE_LOW', { balance: bahtWords(account.balance_satang) });
    const key = `affiliate:redeem:${memberId}:${taken.redeems}`;
    await insertRedeemEntry(tx, {
      memberId,
      amount,
      balanceAfter: taken.balance_satang,
      day: today,
      reference: REFERENCE,
      key,
    });
    await d.ledger.transfer(tx, {
      from: PAYER,
      to: { member: memberId, wallet: MAIN_WALLET },
      amount,
      kind: 'reward',
      reference: REFERENCE,
      idempotencyKey: key,
    });
    return {
      amount: formatBaht(amount),
      balance: formatBaht(satang(taken.balance_satang)),
      redeemed_today: formatBaht(satang(taken.redeemed_day_satang)),
      daily_left: formatBaht(satang(Math.max(0, rules.dailyLimit - taken.redeemed_day_satang))),
    };
  });
}

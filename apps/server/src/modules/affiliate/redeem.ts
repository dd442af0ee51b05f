import { bangkokDate } from '@chok/engine/bangkok-calendar';
import { decideRedeem } from '@chok/engine/engagement/affiliate';
import { formatBaht, parseBaht, satang } from '@chok/engine/money';
import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { lockMember } from '../members/service.ts';
import { payReward } from '../rewards/service.ts';
import { insertRedeemEntry, lockAccount, takeRedemption } from './account-queries.ts';
import type { AffiliateDeps } from './commission.ts';
import { readRules } from './settings.ts';
import { bahtWords } from './views.ts';

const REFERENCE = 'ถอนค่าแนะนำเพื่อนเข้ากระเป๋าหลัก';

/**
 * Redeeming the affiliate balance to main (docs/rules/engagement.md §11 rule 3): from 100 baht, at most
 * 50,000 a Bangkok day (the server's date, G3); without an amount, as much as allowed. One transaction
 * under the member lock (G1): the balance and today's total change in one guarded statement, the
 * entry is appended and the same amount is paid to main as a reward (`payReward`: G2 claim
 * `affiliate:<member>:redeem:<n>`; G5: a flagged member's cash waits for an operator). A refusal
 * changes nothing.
 */
export async function redeem(d: AffiliateDeps, memberId: number, requested: string | undefined) {
  const now = d.clock.now();
  const today = bangkokDate(now);
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
    const periodKey = `redeem:${taken.redeems}`;
    await insertRedeemEntry(tx, {
      memberId,
      amount,
      balanceAfter: taken.balance_satang,
      day: today,
      reference: REFERENCE,
      key: `affiliate:${memberId}:${periodKey}`,
    });
    const { claim } = await payReward(
      tx,
      { ledger: d.ledger },
      { memberId, feature: 'affiliate', periodKey, kind: 'main', amount, reference: REFERENCE, now },
    );
    return {
      status: claim.status === 'held' ? ('held' as const) : ('paid' as const),
      amount: formatBaht(amount),
      balance: formatBaht(satang(taken.balance_satang)),
      redeemed_today: formatBaht(satang(taken.redeemed_day_satang)),
      daily_left: formatBaht(satang(Math.max(0, rules.dailyLimit - taken.redeemed_day_satang))),
    };
  });
}

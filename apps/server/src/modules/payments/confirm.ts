import { satang } from '@chok/engine/money';
import type { Tx } from '../../platform/db.ts';
import { queueMoneyPush } from '../line/service.ts';
import { MAIN_WALLET } from '../wallet/service.ts';
import { sourceAccountCode } from './accounts.ts';
import { markDepositPaid, setDepositNotice } from './confirm-queries.ts';
import { type PaymentsDeps, publishPayment } from './deps.ts';
import { applyDepositPromotion } from './promotions.ts';
import type { DepositRow, DepositStatus } from './row-types.ts';

export interface Confirmation {
  requestId: number;
  paidSatang: number;
  via: 'operator' | 'statement' | 'gateway';
  ref: string;
  staffId: number | null;
  /** The ledger key of this confirmation (stmt:<line>, op:<request>, gw:<gateway>:<ref>). */
  ledgerKey: string;
  /** The states this path may pay from. */
  from: readonly DepositStatus[];
}

/**
 * Credits a deposit exactly once, whichever path confirms it first: the state moves to paid only
 * `WHERE status IN (…)` (a concurrent second path waits on the row, then finds it paid and writes
 * nothing), and the ledger transfer is written only when that row comes back, with its own key.
 * Returns the paid row, or null when another path already decided the request.
 */
export async function creditDeposit(deps: PaymentsDeps, tx: Tx, c: Confirmation): Promise<DepositRow | null> {
  const now = deps.clock.now();
  const row = await markDepositPaid(tx, {
    requestId: c.requestId,
    from: c.from,
    paidSatang: c.paidSatang,
    via: c.via,
    ref: c.ref,
    staffId: c.staffId,
    now,
  });
  if (!row) return null;
  // A member who owes correction debt pays it back from this credit first (docs/rules/lottery.md §8.3).
  const credited = await deps.ledger.transfer(tx, {
    from: { system: await sourceAccountCode(tx, row.account_kind, row.account_id) },
    to: { member: row.member_id, wallet: MAIN_WALLET },
    amount: satang(c.paidSatang),
    kind: 'deposit',
    reference: `DEP-${row.id}`,
    idempotencyKey: c.ledgerKey,
  });
  if (row.promotion_id !== null) {
    const notice = await applyDepositPromotion(tx, deps.ledger, {
      requestId: row.id,
      memberId: row.member_id,
      promotionId: row.promotion_id,
      // The promotion takes what stayed in main: the deposit net of any debt it repaid.
      depositSatang: satang(c.paidSatang - credited.recovered),
      now,
    });
    if (notice) {
      await setDepositNotice(tx, row.id, notice);
      row.notice = notice;
    }
  }
  // The member's LINE message, if opted into (docs/rules/connectors.md §5), in this transaction.
  await queueMoneyPush(tx, {
    kind: 'deposit',
    memberId: row.member_id,
    amountSatang: c.paidSatang,
    ref: `DEP-${row.id}`,
    now,
  });
  await publishPayment(deps, tx, row.member_id, { kind: 'deposit', id: row.id, status: 'paid' });
  return row;
}

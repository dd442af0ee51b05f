import type { Tx } from '../../platform/db.ts';
import type { ClaimRow } from '../rewards/service.ts';
import { returnRedemption } from './account-queries.ts';

/**
 * A redemption held for a risk review (docs/rules/engagement.md §11 rule 3, G5) and rejected by an
 * operator: the amount goes back to the member's affiliate balance, once, so a rejection takes
 * nothing the member earned, and no longer counts toward its day's redemption limit.
 */
export async function returnRejectedRedemption(tx: Tx, claim: ClaimRow) {
  const back = await returnRedemption(tx, {
    memberId: claim.member_id,
    amount: claim.amount,
    reference: 'คืนยอดถอนค่าแนะนำเพื่อนที่ไม่ผ่านการตรวจสอบ',
    key: `affiliate:${claim.member_id}:returned:${claim.period_key}`,
    // The redemption's own entry (redeem.ts: `affiliate:<member>:redeem:<n>`) dates it.
    redeemKey: `affiliate:${claim.member_id}:${claim.period_key}`,
  });
  return back ? { affiliate_balance_satang: claim.amount } : null;
}

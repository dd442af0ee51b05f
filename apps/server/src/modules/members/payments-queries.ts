import type { Executor } from '../../platform/db.ts';
import type { PayoutAccount } from './member-queries.ts';

/** Payments' batch read of the member row (a statement line's candidates). */

/** The payout accounts of several members, by id (unknown ids are absent). */
export async function payoutAccounts(
  ex: Executor,
  ids: readonly number[],
): Promise<Map<number, PayoutAccount>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await ex
    .selectFrom('member')
    .select(['id', 'phone', 'bank_code', 'account_no', 'account_name', 'sub_bank_account'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

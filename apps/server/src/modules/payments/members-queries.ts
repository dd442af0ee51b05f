import type { Executor } from '../../platform/db.ts';
import type { PayoutAccount } from '../members/service.ts';

/**
 * Payments' batch reads of the `member` row (the members module grants them, db/table-owners.ts): a
 * statement line's candidates, and the payouts waiting for the name check (docs/rules/payments.md §4).
 */

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

/** Which of these members still need the name check before a payout (no check recorded yet). */
export async function nameCheckPending(ex: Executor, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await ex
    .selectFrom('member')
    .select('id')
    .where('id', 'in', [...new Set(ids)])
    .where('name_verified_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function memberExists(ex: Executor, memberId: number): Promise<boolean> {
  const row = await ex.selectFrom('member').select('id').where('id', '=', memberId).executeTakeFirst();
  return row !== undefined;
}

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

/**
 * docs/rules/payments.md §4, for the first payout: the registered account name and whether an
 * operator has checked it against the bank's, the member row locked for the payout's transaction.
 */
export async function lockNameCheck(ex: Executor, memberId: number) {
  return ex
    .selectFrom('member')
    .select(['account_name', 'name_verified_at'])
    .where('id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
}

export async function markNameVerified(
  ex: Executor,
  memberId: number,
  staffId: number,
  now: Date,
): Promise<void> {
  await ex
    .updateTable('member')
    .set({ name_verified_at: now, name_verified_by: staffId })
    .where('id', '=', memberId)
    .execute();
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

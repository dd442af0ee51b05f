import type { Executor } from '../../platform/db.ts';

/** The member's bank data, locked for an operator's change. */
export function lockBankData(ex: Executor, memberId: number) {
  return ex
    .selectFrom('member')
    .select(['id', 'bank_code', 'account_no', 'account_name', 'name_verified_at'])
    .where('id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
}

/** New bank data; the name check is asked for again (name_verified_at back to null). */
export function setBankData(
  ex: Executor,
  memberId: number,
  d: { bank_code: string; account_no: string; account_name: string },
  now: Date,
) {
  return ex
    .updateTable('member')
    .set({ ...d, name_verified_at: null, name_verified_by: null, updated_at: now })
    .where('id', '=', memberId)
    .returning(['id', 'bank_code', 'account_no', 'account_name', 'name_verified_at'])
    .executeTakeFirstOrThrow();
}

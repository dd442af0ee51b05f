import { findBank } from '@chok/contract/banks';
import { appendAudit } from '../../platform/audit.ts';
import { inTransaction, isUniqueViolation } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { lockBankData, setBankData } from './admin-queries.ts';
import type { MembersDeps } from './profile.ts';

/**
 * docs/rules/payments.md §4: a member's bank data and name change only by an operator, with a reason,
 * audited with the values before and after; the next payout asks for the name check again.
 */
export async function updateMemberBank(
  d: MembersDeps,
  staffId: number,
  memberId: number,
  change: {
    bank_code?: string | undefined;
    account_no?: string | undefined;
    account_name?: string | undefined;
    reason: string;
  },
) {
  if (change.bank_code !== undefined && !findBank(change.bank_code)) {
    throw new AppError('BANK_NOT_SUPPORTED', {}, { bank_code: new AppError('BANK_NOT_SUPPORTED').message });
  }
  try {
    return await inTransaction(d.db, async (tx) => {
      const before = await lockBankData(tx, memberId);
      if (!before) throw new AppError('MEMBER_NOT_FOUND');
      const next = {
        bank_code: change.bank_code ?? before.bank_code,
        account_no: change.account_no ?? before.account_no,
        account_name: change.account_name ?? before.account_name,
      };
      const after = await setBankData(tx, memberId, next, d.clock.now());
      await appendAudit(tx, {
        actorType: 'staff',
        actorId: staffId,
        action: 'member.bank_update',
        entity: 'member',
        entityId: memberId,
        before: {
          bank_code: before.bank_code,
          account_no: before.account_no,
          account_name: before.account_name,
        },
        after: { ...next, reason: change.reason },
      });
      return {
        id: after.id,
        bank_code: after.bank_code,
        account_no: after.account_no,
        account_name: after.account_name,
        name_check_required: after.name_verified_at === null,
      };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'member_bank_code_account_no_key')) {
      throw new AppError(
        'BANK_ACCOUNT_TAKEN',
        {},
        { account_no: new AppError('BANK_ACCOUNT_TAKEN').message },
      );
    }
    throw err;
  }
}

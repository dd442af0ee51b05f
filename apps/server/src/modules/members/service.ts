import { findBank } from '@chok/contract/banks';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';

export function createMembersService(d: { db: Db; clock: Clock; agentCode: string }) {
  const { db } = d;
  return {
    async userInfo(memberId: number) {
      const m = await db
        .selectFrom('member')
        .selectAll()
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow();
      const bank = findBank(m.bank_code);
      return {
        id: m.id,
        phone: m.phone,
        name: m.account_name,
        bank_code: m.bank_code,
        bank_short: bank?.short ?? m.bank_code,
        bank_name: bank?.name ?? m.bank_code,
        account_no: m.account_no,
        line_id: m.line_id,
        referral_code: m.referral_code,
        sub_bank_account: m.sub_bank_account,
        agent_code: d.agentCode,
        created_at: m.created_at.toISOString(),
      };
    },

    /** Answers whether a phone and/or a bank account is taken, with a length warning for the account. */
    async checkAccount(q: {
      phone?: string | undefined;
      bank_code?: string | undefined;
      account_no?: string | undefined;
    }) {
      let phoneRegistered: boolean | null = null;
      let bankRegistered: boolean | null = null;
      let warning: string | null = null;
      if (q.phone !== undefined) {
        phoneRegistered = !!(await db
          .selectFrom('member')
          .select('id')
          .where('phone', '=', q.phone)
          .executeTakeFirst());
      }
      if (q.bank_code !== undefined && q.account_no !== undefined) {
        const bank = findBank(q.bank_code);
        if (!bank)
          throw new AppError(
            'BANK_NOT_SUPPORTED',
            {},
            { bank_code: new AppError('BANK_NOT_SUPPORTED').message },
          );
        bankRegistered = !!(await db
          .selectFrom('member')
          .select('id')
          .where('bank_code', '=', q.bank_code)
          .where('account_no', '=', q.account_no)
          .executeTakeFirst());
        if (q.account_no.length !== bank.usualLength) {
          warning = `เลขบัญชี${bank.name}ส่วนใหญ่มี ${bank.usualLength} หลัก กรุณาตรวจสอบอีกครั้ง`;
        }
      }
      return {
        phone_registered: phoneRegistered,
        bank_account_registered: bankRegistered,
        account_no_warning: warning,
      };
    },

    async updateSubBankAccount(memberId: number, number: string) {
      const taken = await db
        .selectFrom('member')
        .select('id')
        .where('sub_bank_account', '=', number)
        .where('id', '<>', memberId)
        .executeTakeFirst();
      const takenError = () =>
        new AppError(
          'SUB_ACCOUNT_TAKEN',
          {},
          { sub_bank_account: new AppError('SUB_ACCOUNT_TAKEN').message },
        );
      if (taken) throw takenError();
      try {
        await db
          .updateTable('member')
          .set({ sub_bank_account: number, updated_at: d.clock.now() })
          .where('id', '=', memberId)
          .execute();
      } catch (err) {
        if ((err as { code?: string }).code === '23505') throw takenError();
        throw err;
      }
      return { sub_bank_account: number };
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;

// ── For other modules (issue 10, added by the payments/games refactor; additive) ──

/** The seamless wallet's debit claim, one statement that joins the member's status. */
export { claimDebit, type SessionProbe } from './games-queries.ts';
/** Reads and locks of the member row, each with the caller's executor (as on main). */
export {
  accountNameShared,
  lockMember,
  type MemberRef,
  memberActive,
  memberExists,
  memberRefs,
  type PayoutAccount,
  payoutAccount,
} from './member-queries.ts';
/** Payments: the payout accounts of a statement line's candidates. */
export { payoutAccounts } from './payments-queries.ts';

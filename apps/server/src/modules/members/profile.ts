import { findBank } from '@chok/contract/banks';
import type { Clock } from '../../platform/clock.ts';
import { type Db, type Executor, isUniqueViolation } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import * as q from './member-queries.ts';
import { userInfoView } from './views.ts';

export interface MembersDeps {
  db: Db;
  clock: Clock;
  agentCode: string;
}

/** The member's own profile (`GET /api/get_user_info`). */
export async function userInfo(d: MembersDeps, memberId: number) {
  return memberProfile(d.db, memberId, d.agentCode);
}

/** The profile as `GET /api/get_user_info` answers it, read with the caller's executor (the login's). */
export async function memberProfile(ex: Executor, memberId: number, agentCode: string) {
  return userInfoView(await q.findMember(ex, memberId), agentCode);
}

/** Answers whether a phone and/or a bank account is taken, with a length warning for the account. */
export async function checkAccount(
  d: MembersDeps,
  input: { phone?: string | undefined; bank_code?: string | undefined; account_no?: string | undefined },
) {
  let phoneRegistered: boolean | null = null;
  let bankRegistered: boolean | null = null;
  let warning: string | null = null;
  if (input.phone !== undefined) {
    phoneRegistered = (await q.memberIdByPhone(d.db, input.phone)) !== undefined;
  }
  if (input.bank_code !== undefined && input.account_no !== undefined) {
    const bank = findBank(input.bank_code);
    if (!bank)
      throw new AppError('BANK_NOT_SUPPORTED', {}, { bank_code: new AppError('BANK_NOT_SUPPORTED').message });
    bankRegistered = (await q.memberIdByBankAccount(d.db, input.bank_code, input.account_no)) !== undefined;
    if (input.account_no.length !== bank.usualLength) {
      warning = `เลขบัญชี${bank.name}ส่วนใหญ่มี ${bank.usualLength} หลัก กรุณาตรวจสอบอีกครั้ง`;
    }
  }
  return {
    phone_registered: phoneRegistered,
    bank_account_registered: bankRegistered,
    account_no_warning: warning,
  };
}

/** Sets the member's TrueMoney number; one another member holds answers SUB_ACCOUNT_TAKEN. */
export async function updateSubBankAccount(d: MembersDeps, memberId: number, number: string) {
  const takenError = () =>
    new AppError('SUB_ACCOUNT_TAKEN', {}, { sub_bank_account: new AppError('SUB_ACCOUNT_TAKEN').message });
  if ((await q.subAccountHolder(d.db, number, memberId)) !== undefined) throw takenError();
  try {
    await q.setSubBankAccount(d.db, memberId, number, d.clock.now());
  } catch (err) {
    if (isUniqueViolation(err)) throw takenError();
    throw err;
  }
  return { sub_bank_account: number };
}

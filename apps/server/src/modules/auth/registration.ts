import { findBank } from '@chok/contract/banks';
import { type Executor, inTransaction, isUniqueViolation, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { randomCode } from '../../platform/rng.ts';
import * as members from '../members/service.ts';
import type { AuthDeps, Client } from './deps.ts';
import * as memberRows from './members-queries.ts';
import { checkOtp, consumeOtp, issueOtp, type OtpPurpose } from './otp.ts';
import { assertPasswordAllowed } from './password-rules.ts';
import { hashPassword } from './passwords.ts';
import { createMemberSession } from './sessions.ts';

const phoneTaken = () => new AppError('PHONE_TAKEN', {}, { phone: new AppError('PHONE_TAKEN').message });

async function phoneRegistered(ex: Executor, phone: string): Promise<boolean> {
  return (await members.memberIdByPhone(ex, phone)) !== undefined;
}

async function newReferralCode(tx: Tx): Promise<string> {
  for (let i = 0; i < 10; i++) {
    const code = randomCode(8);
    if (!(await memberRows.referralCodeTaken(tx, code))) return code;
  }
  throw new Error('could not find a free referral code');
}

/** Sends an OTP: registration needs a free phone, a reset needs a registered one. */
export function requestOtp(d: AuthDeps, phone: string, purpose: OtpPurpose, ip: string) {
  return inTransaction(d.db, async (tx) => {
    const registered = await phoneRegistered(tx, phone);
    if (purpose === 'register' && registered) throw phoneTaken();
    if (purpose === 'reset_password' && !registered) {
      throw new AppError('PHONE_NOT_REGISTERED', {}, { phone: new AppError('PHONE_NOT_REGISTERED').message });
    }
    return issueOtp(tx, d.clock, d.sms, d.otp, phone, purpose, ip);
  });
}

/**
 * A new member: the OTP proves the phone; the member row, its three wallets and the first session
 * are written in one transaction, and the member is logged in.
 */
export async function register(
  d: AuthDeps,
  r: {
    phone: string;
    otp: string;
    password: string;
    bank_code: string;
    account_no: string;
    account_name: string;
    line_id?: string | undefined;
    referral_code?: string | undefined;
  },
  client: Client,
) {
  // 1. What can be refused before the OTP is spent.
  if (!findBank(r.bank_code)) {
    throw new AppError('BANK_NOT_SUPPORTED', {}, { bank_code: new AppError('BANK_NOT_SUPPORTED').message });
  }
  let referredBy: number | null = null;
  if (r.referral_code) {
    const referrer = await memberRows.memberIdByReferralCode(d.db, r.referral_code.toUpperCase());
    if (referrer === undefined) {
      throw new AppError(
        'REFERRAL_NOT_FOUND',
        {},
        { referral_code: new AppError('REFERRAL_NOT_FOUND').message },
      );
    }
    referredBy = referrer;
  }
  if (await phoneRegistered(d.db, r.phone)) throw phoneTaken();
  assertPasswordAllowed(r.password, r.phone, 'password');
  // 2. The OTP (a wrong code is counted in its own transaction).
  const otpId = await checkOtp(d.db, d.clock, d.otp, r.phone, 'register', r.otp);
  const passwordHash = await hashPassword(r.password);
  try {
    // 3. The member, the wallets and the session.
    return await inTransaction(d.db, async (tx) => {
      await consumeOtp(tx, d.clock, otpId);
      // The phone is the TrueMoney number too, unless another member already gave it as theirs.
      const subTaken = (await members.subAccountHolder(tx, r.phone)) !== undefined;
      const memberId = await members.insertMember(tx, {
        agent_id: d.agentId,
        phone: r.phone,
        password_hash: passwordHash,
        bank_code: r.bank_code,
        account_no: r.account_no,
        account_name: r.account_name,
        line_id: r.line_id || null,
        referral_code: await newReferralCode(tx),
        referred_by: referredBy,
        sub_bank_account: subTaken ? null : r.phone,
        last_login_at: d.clock.now(),
        register_ip: client.ip,
        device_id: client.deviceId ?? null,
      });
      await d.ledger.openMemberWallets(tx, memberId);
      const session = await createMemberSession(tx, d.clock, d.session, {
        memberId,
        ip: client.ip,
        userAgent: client.userAgent,
      });
      return { access_token: session.token, member_id: memberId };
    });
  } catch (err) {
    // Two registrations of the same phone or bank account at once: the second loses on the key.
    if (isUniqueViolation(err, 'member_phone_key')) throw phoneTaken();
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

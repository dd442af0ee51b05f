import { findBank } from '@chok/contract/banks';
import type { Clock } from '../../platform/clock.ts';
import { type Db, inTransaction, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MemberPrincipal } from '../../platform/http.ts';
import { randomCode } from '../../platform/rng.ts';
import type { Ledger } from '../wallet/service.ts';
import { clearLoginFailures, countLoginFailure, type LockoutPolicy, lockMinutesLeft } from './lockout.ts';
import { checkOtp, consumeOtp, issueOtp, type OtpPolicy, type OtpPurpose } from './otp.ts';
import { assertPasswordAllowed } from './password-rules.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import {
  authenticateMember,
  createMemberSession,
  revokeMemberSessions,
  revokeSession,
  type SessionPolicy,
} from './sessions.ts';
import type { SmsSender } from './sms.ts';

export interface AuthDeps {
  db: Db;
  clock: Clock;
  sms: SmsSender;
  ledger: Ledger;
  agentId: number;
  session: SessionPolicy;
  otp: OtpPolicy;
  login: LockoutPolicy;
}

interface Client {
  ip: string | null;
  userAgent: string | null;
}

function uniqueViolation(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string };
  return e.code === '23505' ? (e.constraint ?? '') : null;
}

export function createAuthService(d: AuthDeps) {
  const { db, clock } = d;

  async function phoneRegistered(tx: Db | Tx, phone: string): Promise<boolean> {
    const row = await tx.selectFrom('member').select('id').where('phone', '=', phone).executeTakeFirst();
    return row !== undefined;
  }

  async function newReferralCode(tx: Tx): Promise<string> {
    for (let i = 0; i < 10; i++) {
      const code = randomCode(8);
      const taken = await tx
        .selectFrom('member')
        .select('id')
        .where('referral_code', '=', code)
        .executeTakeFirst();
      if (!taken) return code;
    }
    throw new Error('could not find a free referral code');
  }

  return {
    authenticate: (token: string): Promise<MemberPrincipal | null> =>
      authenticateMember(db, clock, d.session, token),

    /** Sends an OTP: registration needs a free phone, a reset needs a registered one. */
    async requestOtp(phone: string, purpose: OtpPurpose) {
      return inTransaction(db, async (tx) => {
        const registered = await phoneRegistered(tx, phone);
        if (purpose === 'register' && registered) {
          throw new AppError('PHONE_TAKEN', {}, { phone: new AppError('PHONE_TAKEN').message });
        }
        if (purpose === 'reset_password' && !registered) {
          throw new AppError(
            'PHONE_NOT_REGISTERED',
            {},
            { phone: new AppError('PHONE_NOT_REGISTERED').message },
          );
        }
        return issueOtp(tx, clock, d.sms, d.otp, phone, purpose);
      });
    },

    async register(
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
      if (!findBank(r.bank_code)) {
        throw new AppError(
          'BANK_NOT_SUPPORTED',
          {},
          { bank_code: new AppError('BANK_NOT_SUPPORTED').message },
        );
      }
      let referredBy: number | null = null;
      if (r.referral_code) {
        const referrer = await db
          .selectFrom('member')
          .select('id')
          .where('referral_code', '=', r.referral_code.toUpperCase())
          .executeTakeFirst();
        if (!referrer) {
          throw new AppError(
            'REFERRAL_NOT_FOUND',
            {},
            { referral_code: new AppError('REFERRAL_NOT_FOUND').message },
          );
        }
        referredBy = referrer.id;
      }
      if (await phoneRegistered(db, r.phone)) {
        throw new AppError('PHONE_TAKEN', {}, { phone: new AppError('PHONE_TAKEN').message });
      }
      assertPasswordAllowed(r.password, r.phone, 'password');
      const otpId = await checkOtp(db, clock, d.otp, r.phone, 'register', r.otp);
      const passwordHash = await hashPassword(r.password);
      try {
        return await inTransaction(db, async (tx) => {
          await consumeOtp(tx, clock, otpId);
          const subTaken = await tx
            .selectFrom('member')
            .select('id')
            .where('sub_bank_account', '=', r.phone)
            .executeTakeFirst();
          const member = await tx
            .insertInto('member')
            .values({
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
              last_login_at: clock.now(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await d.ledger.openMemberWallets(tx, member.id);
          const session = await createMemberSession(tx, clock, d.session, { memberId: member.id, ...client });
          return { access_token: session.token, member_id: member.id };
        });
      } catch (err) {
        const constraint = uniqueViolation(err);
        if (constraint === 'member_phone_key') {
          throw new AppError('PHONE_TAKEN', {}, { phone: new AppError('PHONE_TAKEN').message });
        }
        if (constraint === 'member_bank_code_account_no_key') {
          throw new AppError(
            'BANK_ACCOUNT_TAKEN',
            {},
            { account_no: new AppError('BANK_ACCOUNT_TAKEN').message },
          );
        }
        throw err;
      }
    },

    async login(phone: string, password: string, client: Client) {
      const member = await db
        .selectFrom('member')
        .select(['id', 'password_hash', 'status', 'locked_until'])
        .where('phone', '=', phone)
        .executeTakeFirst();
      if (!member) {
        await verifyAgainstDummy(password);
        throw new AppError('LOGIN_FAILED');
      }
      const now = clock.now();
      const lockedFor = lockMinutesLeft(member.locked_until, now);
      if (lockedFor > 0) throw new AppError('LOGIN_LOCKED', { minutes: lockedFor });
      if (!(await verifyPassword(member.password_hash, password))) {
        // Counted outside any transaction (the refusal must not roll the count back), atomically.
        const minutes = await countLoginFailure(db, 'member', member.id, now, d.login);
        if (minutes > 0) throw new AppError('LOGIN_LOCKED', { minutes });
        throw new AppError('LOGIN_FAILED');
      }
      if (member.status !== 'active') throw new AppError('ACCOUNT_SUSPENDED');
      return inTransaction(db, async (tx) => {
        const minutes = await clearLoginFailures(tx, 'member', member.id, now);
        if (minutes > 0) throw new AppError('LOGIN_LOCKED', { minutes });
        await tx.updateTable('member').set({ last_login_at: now }).where('id', '=', member.id).execute();
        const s = await createMemberSession(tx, clock, d.session, { memberId: member.id, ...client });
        return {
          access_token: s.token,
          token_type: 'Bearer' as const,
          expires_at: s.expiresAt.toISOString(),
        };
      });
    },

    logout: (p: MemberPrincipal) => revokeSession(db, clock, p.sessionId),

    async changePassword(p: MemberPrincipal, oldPassword: string, newPassword: string) {
      const m = await db
        .selectFrom('member')
        .select(['password_hash', 'phone'])
        .where('id', '=', p.memberId)
        .executeTakeFirstOrThrow();
      if (!(await verifyPassword(m.password_hash, oldPassword))) {
        throw new AppError('WRONG_PASSWORD', {}, { old_password: new AppError('WRONG_PASSWORD').message });
      }
      if (oldPassword === newPassword) {
        throw new AppError('SAME_PASSWORD', {}, { new_password: new AppError('SAME_PASSWORD').message });
      }
      assertPasswordAllowed(newPassword, m.phone, 'new_password');
      const hash = await hashPassword(newPassword);
      await inTransaction(db, async (tx) => {
        await tx
          .updateTable('member')
          .set({ password_hash: hash, updated_at: clock.now() })
          .where('id', '=', p.memberId)
          .execute();
        await revokeMemberSessions(tx, clock, p.memberId, { sessionId: p.sessionId });
      });
    },

    /** Forgotten password, step 2: the OTP proves the phone; every session is revoked. */
    async completeReset(phone: string, code: string, newPassword: string) {
      assertPasswordAllowed(newPassword, phone, 'password');
      const otpId = await checkOtp(db, clock, d.otp, phone, 'reset_password', code);
      const hash = await hashPassword(newPassword);
      await inTransaction(db, async (tx) => {
        await consumeOtp(tx, clock, otpId);
        const m = await tx
          .updateTable('member')
          .set({ password_hash: hash, failed_login_count: 0, locked_until: null, updated_at: clock.now() })
          .where('phone', '=', phone)
          .returning('id')
          .executeTakeFirst();
        if (!m)
          throw new AppError(
            'PHONE_NOT_REGISTERED',
            {},
            { phone: new AppError('PHONE_NOT_REGISTERED').message },
          );
        await revokeMemberSessions(tx, clock, m.id, null);
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

// ── For other modules (issue 10, added by the games/originals refactor; additive) ──

/** Whether a member session is still live: an in-house game session ends with the one that launched it. */
export { memberSessionLive, type SessionPolicy } from './sessions.ts';

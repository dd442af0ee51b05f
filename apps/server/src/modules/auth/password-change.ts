import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MemberPrincipal } from '../../platform/http.ts';
import * as members from '../members/service.ts';
import type { AuthDeps } from './deps.ts';
import * as memberRows from './members-queries.ts';
import { checkOtp, consumeOtp } from './otp.ts';
import { assertPasswordAllowed } from './password-rules.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { revokeMemberSessions } from './sessions.ts';

/** A logged-in member changes the password; every other session is revoked. */
export async function changePassword(
  d: AuthDeps,
  p: MemberPrincipal,
  oldPassword: string,
  newPassword: string,
): Promise<void> {
  const m = await memberRows.passwordOf(d.db, p.memberId);
  if (!(await verifyPassword(m.password_hash, oldPassword))) {
    throw new AppError('WRONG_PASSWORD', {}, { old_password: new AppError('WRONG_PASSWORD').message });
  }
  if (oldPassword === newPassword) {
    throw new AppError('SAME_PASSWORD', {}, { new_password: new AppError('SAME_PASSWORD').message });
  }
  assertPasswordAllowed(newPassword, m.phone, 'new_password');
  const hash = await hashPassword(newPassword);
  await inTransaction(d.db, async (tx) => {
    await members.setPassword(tx, p.memberId, hash, d.clock.now());
    await revokeMemberSessions(tx, d.clock, d.sessionCache, p.memberId, { sessionId: p.sessionId });
  });
}

/** Forgotten password, step 2: the OTP proves the phone; every session is revoked. */
export async function completeReset(d: AuthDeps, phone: string, code: string, newPassword: string) {
  assertPasswordAllowed(newPassword, phone, 'password');
  const otpId = await checkOtp(d.db, d.clock, d.otp, phone, 'reset_password', code);
  const hash = await hashPassword(newPassword);
  await inTransaction(d.db, async (tx) => {
    await consumeOtp(tx, d.clock, otpId);
    const memberId = await members.resetPassword(tx, phone, hash, d.clock.now());
    if (memberId === undefined)
      throw new AppError('PHONE_NOT_REGISTERED', {}, { phone: new AppError('PHONE_NOT_REGISTERED').message });
    await revokeMemberSessions(tx, d.clock, d.sessionCache, memberId, null);
  });
}

import { memberStatusLabels } from '@chok/contract/api/admin-members';
import { appendAudit } from '../../platform/audit.ts';
import { type Executor, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { lockLoginState, setMemberStatus } from '../members/service.ts';
import type { AuthDeps } from './deps.ts';
import { issueOtp } from './otp.ts';
import { revokeMemberSessions } from './sessions.ts';
import { outboxItem } from './sms.ts';
import { smsOutboxPage } from './sms-queries.ts';

/**
 * The operator console's account actions on a member (docs/decisions/0002-otp-and-password-reset.md):
 * suspend or allow the login, and send a password-reset OTP to the member's own phone. Each is audited
 * in its transaction; staff never see an OTP or a password.
 */

/** Suspends the member's login: status `suspended` (login answers ACCOUNT_SUSPENDED) and every session ends. */
export async function lockMemberLogin(d: AuthDeps, staffId: number, memberId: number, reason: string) {
  return inTransaction(d.db, async (tx) => {
    const m = await lockLoginState(tx, memberId);
    if (!m) throw new AppError('MEMBER_NOT_FOUND');
    if (m.status === 'suspended') throw new AppError('MEMBER_ALREADY_SUSPENDED');
    await setMemberStatus(tx, memberId, 'suspended', d.clock.now());
    const revoked = await revokeMemberSessions(tx, d.clock, d.sessionCache, memberId, null);
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'member.lock',
      entity: 'member',
      entityId: memberId,
      before: { status: m.status },
      after: { status: 'suspended', reason, sessions_revoked: revoked },
    });
    return {
      id: memberId,
      status: 'suspended' as const,
      status_label: memberStatusLabels.suspended,
      sessions_revoked: revoked,
    };
  });
}

/** Allows the login again, and clears the wrong-password lock-out with it. */
export async function unlockMemberLogin(d: AuthDeps, staffId: number, memberId: number, reason: string) {
  return inTransaction(d.db, async (tx) => {
    const m = await lockLoginState(tx, memberId);
    if (!m) throw new AppError('MEMBER_NOT_FOUND');
    if (m.status !== 'suspended') throw new AppError('MEMBER_NOT_SUSPENDED');
    await setMemberStatus(tx, memberId, 'active', d.clock.now());
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'member.unlock',
      entity: 'member',
      entityId: memberId,
      before: {
        status: m.status,
        failed_login_count: m.failed_login_count,
        locked_until: m.locked_until?.toISOString() ?? null,
      },
      after: { status: 'active', reason },
    });
    return {
      id: memberId,
      status: 'active' as const,
      status_label: memberStatusLabels.active,
      sessions_revoked: 0,
    };
  });
}

/**
 * Sends the member a password-reset OTP through the same path as the member's own "forgot password"
 * (cooldown and hourly caps included): the member then sets a new password on the site with it.
 */
export async function sendResetOtp(d: AuthDeps, staffId: number, memberId: number, reason: string) {
  return inTransaction(d.db, async (tx) => {
    const m = await lockLoginState(tx, memberId);
    if (!m) throw new AppError('MEMBER_NOT_FOUND');
    if (m.status === 'suspended') throw new AppError('MEMBER_SUSPENDED_NO_RESET');
    const sent = await issueOtp(tx, d.clock, d.sms, d.otp, m.phone, 'reset_password', null);
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'member.reset_otp',
      entity: 'member',
      entityId: memberId,
      after: { phone: m.phone, ref: sent.ref, reason },
    });
    return { phone: m.phone, ref: sent.ref, expires_in: sent.expires_in };
  });
}

/** The built-in sender's outbox, newest first, one page (optionally one phone's). */
export async function smsMessages(
  ex: Executor,
  f: { phone?: string | undefined; page: number; page_size: number },
  showSecrets: boolean,
) {
  const { rows, total } = await smsOutboxPage(ex, {
    phone: f.phone,
    limit: f.page_size,
    offset: (f.page - 1) * f.page_size,
  });
  return {
    items: rows.map((r) => outboxItem(r, showSecrets)),
    total,
    page: f.page,
    page_size: f.page_size,
  };
}

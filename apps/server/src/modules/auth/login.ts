import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MemberPrincipal } from '../../platform/http.ts';
import { lockMinutesLeft } from '../../platform/lockout.ts';
import * as members from '../members/service.ts';
import type { AuthDeps, Client } from './deps.ts';
import * as memberRows from './members-queries.ts';
import { verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { createMemberSession, revokeSession } from './sessions.ts';

/**
 * Phone and password → a session token and the member (as `GET /api/get_user_info` answers it: the
 * client stores both, docs/rules/member-site.md §4.5); wrong passwords count toward the lock-out.
 */
export async function login(d: AuthDeps, phone: string, password: string, client: Client) {
  // 1. The account, and the lock in force.
  const member = await memberRows.loginAccount(d.db, phone);
  if (!member) {
    await verifyAgainstDummy(password);
    throw new AppError('LOGIN_FAILED');
  }
  const now = d.clock.now();
  const lockedFor = lockMinutesLeft(member.locked_until, now);
  if (lockedFor > 0) throw new AppError('LOGIN_LOCKED', { minutes: lockedFor });
  // 2. The password. A failure is counted outside any transaction (the refusal must not roll the
  // count back), atomically.
  if (!(await verifyPassword(member.password_hash, password))) {
    const minutes = lockMinutesLeft(await members.countLoginFailure(d.db, member.id, now, d.login), now);
    if (minutes > 0) throw new AppError('LOGIN_LOCKED', { minutes });
    throw new AppError('LOGIN_FAILED');
  }
  if (member.status !== 'active') throw new AppError('ACCOUNT_SUSPENDED');
  // A self-exclusion refuses the login itself (docs/rules/protection.md §4.2).
  await d.gate.login(member.id);
  // 3. The count cleared (unless a concurrent failure just locked the account) and the session.
  return inTransaction(d.db, async (tx) => {
    const minutes = lockMinutesLeft(await members.clearLoginFailures(tx, member.id, now), now);
    if (minutes > 0) throw new AppError('LOGIN_LOCKED', { minutes });
    // That update holds the member's row until commit. A password reset or change, or a
    // self-exclusion, that committed while the password was being checked is seen now and refuses;
    // one that comes later waits for this commit and then revokes the session opened here.
    const current = await memberRows.loginAccount(tx, phone);
    if (current?.id !== member.id || current.password_hash !== member.password_hash)
      throw new AppError('LOGIN_FAILED');
    if (current.status !== 'active') throw new AppError('ACCOUNT_SUSPENDED');
    await d.gate.login(member.id, tx);
    await members.setLastLogin(tx, member.id, now);
    const s = await createMemberSession(tx, d.clock, d.session, { memberId: member.id, ...client });
    return {
      access_token: s.token,
      token_type: 'Bearer' as const,
      expires_at: s.expiresAt.toISOString(),
      user: await members.memberProfile(tx, member.id, d.agentCode),
    };
  });
}

export function logout(d: AuthDeps, p: MemberPrincipal): Promise<void> {
  return inTransaction(d.db, (tx) => revokeSession(tx, d.clock, d.sessionCache, p));
}

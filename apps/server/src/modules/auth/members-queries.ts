import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/**
 * The auth module's reads of the `member` row (the members module grants them, db/table-owners.ts):
 * what a login and a password change check, whether a referral code is taken, and the session check,
 * which joins `member_session` (this module's) and `member` in one statement because it runs on every
 * member request. Writes of the row are the members module's capabilities.
 */

export async function referralCodeTaken(ex: Executor, code: string): Promise<boolean> {
  const row = await ex.selectFrom('member').select('id').where('referral_code', '=', code).executeTakeFirst();
  return row !== undefined;
}

/** What a login checks: the password hash, the status and the lock. */
export function loginAccount(ex: Executor, phone: string) {
  return ex
    .selectFrom('member')
    .select(['id', 'password_hash', 'status', 'locked_until'])
    .where('phone', '=', phone)
    .executeTakeFirst();
}

/** What a password change checks: the current hash, and the phone (a password may not contain it). */
export function passwordOf(ex: Executor, memberId: number) {
  return ex
    .selectFrom('member')
    .select(['password_hash', 'phone'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
}

/**
 * A member session that is live: not revoked, before its absolute expiry, used since `idleSince`,
 * of an active member — found by its token's hash or by its id.
 */
export function liveMemberSession(
  ex: Executor,
  f: { now: Date; idleSince: Date } & ({ tokenHash: Buffer } | { sessionId: number }),
) {
  let q = ex
    .selectFrom('member_session as s')
    .innerJoin('member as m', 'm.id', 's.member_id')
    .select(['s.id', 's.member_id', 's.last_used_at', 's.expires_at'])
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', f.now)
    .where('s.last_used_at', '>', f.idleSince)
    .where('m.status', '=', 'active');
  q = 'tokenHash' in f ? q.where('s.token_hash', '=', f.tokenHash) : q.where('s.id', '=', f.sessionId);
  return q.executeTakeFirst();
}

/** The live sessions (as `liveMemberSession` judges them) behind several tokens' hashes, in one read. */
export function liveMemberSessions(ex: Executor, f: { now: Date; idleSince: Date; tokenHashes: Buffer[] }) {
  return ex
    .selectFrom('member_session as s')
    .innerJoin('member as m', 'm.id', 's.member_id')
    .select(['s.id', 's.member_id', 's.last_used_at', 's.expires_at', 's.token_hash'])
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', f.now)
    .where('s.last_used_at', '>', f.idleSince)
    .where('m.status', '=', 'active')
    .where(sql<boolean>`s.token_hash = ANY(${f.tokenHashes}::bytea[])`)
    .execute();
}

export async function memberIdByReferralCode(ex: Executor, code: string): Promise<number | undefined> {
  const row = await ex.selectFrom('member').select('id').where('referral_code', '=', code).executeTakeFirst();
  return row?.id;
}

import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

export type OtpPurpose = 'register' | 'reset_password';

/** Serialises OTP issuing per phone until the transaction ends. */
export async function lockPhone(ex: Executor, phone: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`otp:${phone}`}))`.execute(ex);
}

/** When each OTP sent to the phone since `since` was created, newest first. */
export function recentOtps(ex: Executor, phone: string, since: Date) {
  return ex
    .selectFrom('otp')
    .select(['created_at'])
    .where('phone', '=', phone)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .execute();
}

/**
 * Counts one SMS against the hour's cap of `scope` (`global`, `net:<network>`) in a single upsert;
 * false (nothing counted) when the cap is reached.
 */
export async function takeQuota(ex: Executor, scope: string, hour: Date, max: number): Promise<boolean> {
  if (max <= 0) return false;
  const { rows } = await sql<{ sent: number }>`
    INSERT INTO otp_quota (scope, hour, sent) VALUES (${scope}, ${hour}, 1)
    ON CONFLICT (scope, hour) DO UPDATE SET sent = otp_quota.sent + 1 WHERE otp_quota.sent < ${max}
    RETURNING sent`.execute(ex);
  return rows.length === 1;
}

export async function insertOtp(
  ex: Executor,
  o: { phone: string; purpose: OtpPurpose; ref: string; codeHash: Buffer; now: Date; expiresAt: Date },
): Promise<void> {
  await ex
    .insertInto('otp')
    .values({
      phone: o.phone,
      purpose: o.purpose,
      ref: o.ref,
      code_hash: o.codeHash,
      created_at: o.now,
      expires_at: o.expiresAt,
    })
    .execute();
}

/** The phone's latest unused OTP for a purpose, locked. */
export function lockLatestOtp(ex: Executor, phone: string, purpose: OtpPurpose) {
  return ex
    .selectFrom('otp')
    .select(['id', 'ref', 'code_hash', 'attempts', 'expires_at'])
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

export async function setAttempts(ex: Executor, otpId: number, attempts: number): Promise<void> {
  await ex.updateTable('otp').set({ attempts }).where('id', '=', otpId).execute();
}

/** Marks an OTP used; false when it was already used. */
export async function consume(ex: Executor, otpId: number, now: Date): Promise<boolean> {
  const r = await ex
    .updateTable('otp')
    .set({ consumed_at: now })
    .where('id', '=', otpId)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

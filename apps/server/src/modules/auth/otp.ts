import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { type Db, type Executor, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { randomDigits, randomLetters } from '../../platform/rng.ts';
import type { SmsSender } from './sms.ts';

export type OtpPurpose = 'register' | 'reset_password';

export interface OtpPolicy {
  ttlSeconds: number;
  resendSeconds: number;
  /** OTPs per phone in any hour. */
  maxPerHour: number;
  /** OTPs across all phones per clock hour: a ceiling on SMS cost whatever the number of addresses. */
  maxPerHourGlobal: number;
  maxAttempts: number;
  brand: string;
}

function codeHash(phone: string, purpose: OtpPurpose, ref: string, code: string): Buffer {
  return createHash('sha256').update(`${phone}:${purpose}:${ref}:${code}`).digest();
}

const PURPOSE_TEXT: Record<OtpPurpose, string> = {
  register: 'สมัครสมาชิก',
  reset_password: 'ตั้งรหัสผ่านใหม่',
};

/**
 * Counts one SMS against the hour's global cap in a single upsert; false (nothing counted) when the
 * cap is reached. Runs in the issuing transaction, so an OTP that is not sent is not counted.
 */
async function takeGlobalQuota(tx: Executor, now: Date, max: number): Promise<boolean> {
  const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  const { rows } = await sql<{ sent: number }>`
    INSERT INTO otp_quota (scope, hour, sent) VALUES ('global', ${hour}, 1)
    ON CONFLICT (scope, hour) DO UPDATE SET sent = otp_quota.sent + 1 WHERE otp_quota.sent < ${max}
    RETURNING sent`.execute(tx);
  return rows.length === 1;
}

/**
 * Issues a 6-digit OTP from the CSPRNG and sends it: resend cooldown and an hourly cap per phone,
 * and an hourly cap across all phones.
 */
export async function issueOtp(
  tx: Executor,
  clock: Clock,
  sms: SmsSender,
  policy: OtpPolicy,
  phone: string,
  purpose: OtpPurpose,
): Promise<{ ref: string; expires_in: number; resend_in: number }> {
  const now = clock.now();
  // One issuer per phone at a time, so the cooldown and hourly cap hold under concurrent requests.
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`otp:${phone}`}))`.execute(tx);
  const recent = await tx
    .selectFrom('otp')
    .select(['created_at'])
    .where('phone', '=', phone)
    .where('created_at', '>', new Date(now.getTime() - 3_600_000))
    .orderBy('created_at', 'desc')
    .execute();
  const last = recent[0];
  if (last) {
    const wait = Math.ceil(policy.resendSeconds - (now.getTime() - last.created_at.getTime()) / 1000);
    if (wait > 0) throw new AppError('OTP_COOLDOWN', { seconds: wait });
  }
  if (recent.length >= policy.maxPerHour) throw new AppError('OTP_LIMIT');
  if (!(await takeGlobalQuota(tx, now, policy.maxPerHourGlobal))) throw new AppError('OTP_BUSY');
  const code = randomDigits(6);
  const ref = randomLetters(4);
  await tx
    .insertInto('otp')
    .values({
      phone,
      purpose,
      ref,
      code_hash: codeHash(phone, purpose, ref, code),
      created_at: now,
      expires_at: new Date(now.getTime() + policy.ttlSeconds * 1000),
    })
    .execute();
  const minutes = Math.round(policy.ttlSeconds / 60);
  await sms.send(
    tx,
    phone,
    `[${policy.brand}] รหัส OTP ${PURPOSE_TEXT[purpose]}: ${code} (Ref: ${ref}) ใช้ได้ภายใน ${minutes} นาที ห้ามบอกรหัสนี้กับผู้อื่น`,
  );
  return { ref, expires_in: policy.ttlSeconds, resend_in: policy.resendSeconds };
}

/**
 * Checks a code against the phone's latest OTP for the purpose. Runs in its own transaction so a
 * wrong guess is counted even though the request then fails. Returns the OTP's id, which the caller
 * consumes with `consumeOtp` inside its own transaction.
 */
export async function checkOtp(
  db: Db,
  clock: Clock,
  policy: OtpPolicy,
  phone: string,
  purpose: OtpPurpose,
  code: string,
): Promise<number> {
  const outcome = await inTransaction(db, async (tx) => {
    const row = await tx
      .selectFrom('otp')
      .select(['id', 'ref', 'code_hash', 'attempts', 'expires_at'])
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.expires_at <= clock.now()) return { ok: false as const, error: 'OTP_EXPIRED' as const };
    if (row.attempts >= policy.maxAttempts)
      return { ok: false as const, error: 'OTP_TOO_MANY_ATTEMPTS' as const };
    if (!timingSafeEqual(row.code_hash, codeHash(phone, purpose, row.ref, code))) {
      await tx
        .updateTable('otp')
        .set({ attempts: row.attempts + 1 })
        .where('id', '=', row.id)
        .execute();
      return {
        ok: false as const,
        error:
          row.attempts + 1 >= policy.maxAttempts
            ? ('OTP_TOO_MANY_ATTEMPTS' as const)
            : ('OTP_INVALID' as const),
      };
    }
    return { ok: true as const, id: row.id };
  });
  if (!outcome.ok) throw new AppError(outcome.error, {}, { otp: new AppError(outcome.error).message });
  return outcome.id;
}

/** Marks a checked OTP used; fails if a concurrent request used it first. */
export async function consumeOtp(tx: Executor, clock: Clock, otpId: number): Promise<void> {
  const r = await tx
    .updateTable('otp')
    .set({ consumed_at: clock.now() })
    .where('id', '=', otpId)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  if (r.numUpdatedRows !== 1n)
    throw new AppError('OTP_EXPIRED', {}, { otp: new AppError('OTP_EXPIRED').message });
}

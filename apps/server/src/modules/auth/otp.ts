import { createHash, timingSafeEqual } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import type { Clock } from '../../platform/clock.ts';
import { type Db, type Executor, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { randomDigits, randomLetters } from '../../platform/rng.ts';
import type { OtpPurpose } from './otp-queries.ts';
import * as q from './otp-queries.ts';
import type { SmsSender } from './sms.ts';

export type { OtpPurpose };

export interface OtpPolicy {
  ttlSeconds: number;
  resendSeconds: number;
  /** OTPs per phone in any hour. */
  maxPerHour: number;
  /** OTPs across all phones per clock hour: a ceiling on SMS cost whatever the number of addresses. */
  maxPerHourGlobal: number;
  /** OTPs asked from one network (IPv4 /24, IPv6 /64) per clock hour. */
  maxPerHourNetwork: number;
  /**
   * The share of the global cap (percent) kept for password resets of registered members: other
   * OTPs stop short of it, so a flood of registrations cannot stop members recovering accounts.
   */
  resetReservePercent: number;
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
 * The network an address belongs to, as OTP limits count it: IPv4 by /24, IPv6 by /64 (one
 * customer's allocation), an IPv4 address written as IPv6 as IPv4; null for no valid address.
 */
export function networkOf(ip: string): string | null {
  if (!ipaddr.isValid(ip)) return null;
  const addr = ipaddr.process(ip);
  if (addr.kind() === 'ipv4') {
    const [a, b, c] = (addr as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}

/**
 * Issues a 6-digit OTP from the CSPRNG and sends it: resend cooldown and an hourly cap per phone, an
 * hourly cap per network of the address that asked (`ip`; none for an operator's send), and an
 * hourly cap across all phones of which a share is kept for registered members' password resets
 * (docs/rules/protection.md has the numbers' home: README, Configuration).
 */
export async function issueOtp(
  tx: Executor,
  clock: Clock,
  sms: SmsSender,
  policy: OtpPolicy,
  phone: string,
  purpose: OtpPurpose,
  ip: string | null,
): Promise<{ ref: string; expires_in: number; resend_in: number }> {
  const now = clock.now();
  // One issuer per phone at a time, so the cooldown and hourly cap hold under concurrent requests.
  await q.lockPhone(tx, phone);
  const recent = await q.recentOtps(tx, phone, new Date(now.getTime() - 3_600_000));
  const last = recent[0];
  if (last) {
    const wait = Math.ceil(policy.resendSeconds - (now.getTime() - last.created_at.getTime()) / 1000);
    if (wait > 0) throw new AppError('OTP_COOLDOWN', { seconds: wait });
  }
  if (recent.length >= policy.maxPerHour) throw new AppError('OTP_LIMIT');
  // Counted in the issuing transaction, so an OTP that is not sent (a later cap refuses) is not counted.
  const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  const network = ip === null ? null : networkOf(ip);
  if (network !== null && !(await q.takeQuota(tx, `net:${network}`, hour, policy.maxPerHourNetwork))) {
    throw new AppError('OTP_NETWORK_LIMIT');
  }
  // A reset is only sent to a registered phone (registration.ts), so it may use the reserved share.
  const globalMax =
    purpose === 'reset_password'
      ? policy.maxPerHourGlobal
      : Math.floor((policy.maxPerHourGlobal * (100 - policy.resetReservePercent)) / 100);
  if (!(await q.takeQuota(tx, 'global', hour, globalMax))) throw new AppError('OTP_BUSY');
  const code = randomDigits(6);
  const ref = randomLetters(4);
  await q.insertOtp(tx, {
    phone,
    purpose,
    ref,
    codeHash: codeHash(phone, purpose, ref, code),
    now,
    expiresAt: new Date(now.getTime() + policy.ttlSeconds * 1000),
  });
  const minutes = Math.round(policy.ttlSeconds / 60);
  await sms.send(
    tx,
    phone,
    `[${policy.brand}] รหัส OTP ${PURPOSE_TEXT[purpose]}: ${code} (รหัสอ้างอิง ${ref}) ใช้ได้ภายใน ${minutes} นาที ห้ามบอกรหัสนี้กับผู้อื่น`,
    { secret: code },
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
    const row = await q.lockLatestOtp(tx, phone, purpose);
    if (!row || row.expires_at <= clock.now()) return { ok: false as const, error: 'OTP_EXPIRED' as const };
    if (row.attempts >= policy.maxAttempts)
      return { ok: false as const, error: 'OTP_TOO_MANY_ATTEMPTS' as const };
    if (!timingSafeEqual(row.code_hash, codeHash(phone, purpose, row.ref, code))) {
      await q.setAttempts(tx, row.id, row.attempts + 1);
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
  if (!(await q.consume(tx, otpId, clock.now())))
    throw new AppError('OTP_EXPIRED', {}, { otp: new AppError('OTP_EXPIRED').message });
}

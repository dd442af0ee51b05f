import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { appendAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { type Db, type Executor, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import type { StaffPrincipal } from '../../platform/http.ts';
import { type LockoutPolicy, lockMinutesLeft } from '../../platform/lockout.ts';
import { hashToken, newToken } from '../../platform/rng.ts';
import { verifyAgainstDummy, verifyPassword } from '../auth/service.ts';
import * as q from './staff-queries.ts';

const PERIOD_SECONDS = 30;

export function totpFor(secretBase32: string, label = 'staff'): TOTP {
  return new TOTP({
    issuer: 'Chok',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new TOTP secret: 20 bytes from the OS CSPRNG, base32 (RFC 4226's recommended length). */
export function newTotpSecret(): string {
  return new Secret({ buffer: randomBytes(20).buffer }).base32;
}

/** What an authenticator app needs to enrol a secret: the otpauth:// URL and its QR code (SVG). */
export async function totpEnrolment(secretBase32: string, username: string) {
  const url = totpFor(secretBase32, username).toString();
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauth_url: url, secret: secretBase32, qr_svg: svg };
}

export interface StaffDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  session: { idleMinutes: number; absoluteHours: number };
  login: LockoutPolicy;
}

/**
 * In-process topic (a dot: no stream client can ask for it) on which ended staff sessions reach
 * every process, so each ends that session's live console stream at once (modules/console).
 */
export const STAFF_SESSIONS_TOPIC = 'admin.staff_sessions';

/** Which staff sessions ended: one session, or all of an account's but `except_session_id`. */
export interface StaffSessionsEnded {
  staff_id: number;
  session_id: number | null;
  except_session_id: number | null;
}

/** Announces ended sessions in `ex`'s transaction: delivered to every process when it commits. */
export function publishSessionsEnded(d: Pick<StaffDeps, 'events'>, ex: Executor, e: StaffSessionsEnded) {
  return d.events.publish(ex, STAFF_SESSIONS_TOPIC, 'ended', e);
}

/** Staff login: password + TOTP (RFC 6238, ±1 step), each code usable once, with the login lock-out. */
export async function login(d: StaffDeps, username: string, password: string, code: string) {
  const { db, clock } = d;
  // 1. The account, and the lock in force.
  const staff = await q.staffByUsername(db, username);
  if (!staff?.is_active) {
    await verifyAgainstDummy(password);
    throw new AppError('STAFF_LOGIN_FAILED');
  }
  const now = clock.now();
  const lockedFor = lockMinutesLeft(staff.locked_until, now);
  if (lockedFor > 0) throw new AppError('STAFF_LOGIN_LOCKED', { minutes: lockedFor });
  // A wrong password, a wrong code and a spent code all count toward the lock-out, outside any
  // transaction so the refusal cannot roll the count back.
  const refuse = async (): Promise<never> => {
    const minutes = lockMinutesLeft(await q.countLoginFailure(db, staff.id, now, d.login), now);
    if (minutes > 0) throw new AppError('STAFF_LOGIN_LOCKED', { minutes });
    throw new AppError('STAFF_LOGIN_FAILED');
  };
  // 2. The password and the code.
  if (!(await verifyPassword(staff.password_hash, password))) return refuse();
  const delta = totpFor(staff.totp_secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return refuse();
  const step = Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
  // 3. The code spent, the count cleared and the session, in one transaction.
  const session = await inTransaction(db, async (tx) => {
    // A code is spent once: the step must be newer than the last one accepted. A spent code is
    // a failure, checked before the count is cleared (so replaying a seen code resets nothing).
    if (!(await q.claimTotpStep(tx, staff.id, step))) return null;
    // A lock set by a concurrent failure since the row was read stands: this login rolls back.
    const minutes = lockMinutesLeft(await q.clearLoginFailures(tx, staff.id, now), now);
    if (minutes > 0) throw new AppError('STAFF_LOGIN_LOCKED', { minutes });
    const token = newToken();
    const expiresAt = new Date(now.getTime() + d.session.absoluteHours * 3_600_000);
    await q.insertSession(tx, { staffId: staff.id, tokenHash: hashToken(token), now, expiresAt });
    return { token, expiresAt };
  });
  if (!session) return refuse();
  return {
    access_token: session.token,
    expires_at: session.expiresAt.toISOString(),
    staff: { id: staff.id, username: staff.username, role: staff.role },
  };
}

/** The staff authenticator `route` calls for every operator endpoint. */
export async function authenticate(d: StaffDeps, token: string): Promise<StaffPrincipal | null> {
  const now = d.clock.now();
  const row = await q.liveSession(d.db, {
    tokenHash: hashToken(token),
    now,
    idleSince: new Date(now.getTime() - d.session.idleMinutes * 60_000),
  });
  if (!row) return null;
  await q.touchSession(d.db, row.id, now);
  return { staffId: row.staff_id, role: row.role, sessionId: row.id };
}

export async function logout(d: StaffDeps, p: StaffPrincipal): Promise<void> {
  await inTransaction(d.db, async (tx) => {
    await q.revokeSession(tx, p.sessionId, d.clock.now());
    await publishSessionsEnded(d, tx, {
      staff_id: p.staffId,
      session_id: p.sessionId,
      except_session_id: null,
    });
  });
}

/**
 * A new staff account (the `npm run staff` command): refused when the username is taken; the
 * creation is audited in the same transaction. Returns the new id, or null when the name is taken.
 */
export async function createStaff(db: Db, s: q.NewStaff, via: string): Promise<number | null> {
  return inTransaction(db, async (tx) => {
    if (await q.staffExists(tx, s.username)) return null;
    const id = await q.insertStaff(tx, s);
    if (id === undefined) throw new Error('staff insert returned no id');
    await appendAudit(tx, {
      actorType: 'system',
      actorId: null,
      action: 'staff.create',
      entity: 'staff',
      entityId: id,
      after: { username: s.username, role: s.role, via },
    });
    return id;
  });
}

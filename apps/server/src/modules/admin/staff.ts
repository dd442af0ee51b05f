import { Secret, TOTP } from 'otpauth';
import type { Clock } from '../../platform/clock.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { StaffPrincipal } from '../../platform/http.ts';
import { hashToken, newToken } from '../../platform/rng.ts';
import {
  clearLoginFailures,
  countLoginFailure,
  type LockoutPolicy,
  lockMinutesLeft,
} from '../auth/lockout.ts';
import { verifyAgainstDummy, verifyPassword } from '../auth/passwords.ts';

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

/** Staff sessions: password + TOTP (RFC 6238, ±1 step), each code usable once, with the login lock-out. */
export function createStaffService(d: {
  db: Db;
  clock: Clock;
  session: { idleMinutes: number; absoluteHours: number };
  login: LockoutPolicy;
}) {
  const { db, clock } = d;
  return {
    async login(username: string, password: string, code: string) {
      const staff = await db
        .selectFrom('staff')
        .selectAll()
        .where('username', '=', username)
        .executeTakeFirst();
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
        const minutes = await countLoginFailure(db, 'staff', staff.id, now, d.login);
        if (minutes > 0) throw new AppError('STAFF_LOGIN_LOCKED', { minutes });
        throw new AppError('STAFF_LOGIN_FAILED');
      };
      if (!(await verifyPassword(staff.password_hash, password))) return refuse();
      const delta = totpFor(staff.totp_secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
      if (delta === null) return refuse();
      const step = Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
      const session = await inTransaction(db, async (tx) => {
        // A code is spent once: the step must be newer than the last one accepted. A spent code is
        // a failure, checked before the count is cleared (so replaying a seen code resets nothing).
        const r = await tx
          .updateTable('staff')
          .set({ last_totp_step: step })
          .where('id', '=', staff.id)
          .where((eb) => eb.or([eb('last_totp_step', 'is', null), eb('last_totp_step', '<', step)]))
          .executeTakeFirst();
        if (r.numUpdatedRows !== 1n) return null;
        // A lock set by a concurrent failure since the row was read stands: this login rolls back.
        const minutes = await clearLoginFailures(tx, 'staff', staff.id, now);
        if (minutes > 0) throw new AppError('STAFF_LOGIN_LOCKED', { minutes });
        const token = newToken();
        const expiresAt = new Date(now.getTime() + d.session.absoluteHours * 3_600_000);
        await tx
          .insertInto('staff_session')
          .values({
            staff_id: staff.id,
            token_hash: hashToken(token),
            created_at: now,
            last_used_at: now,
            expires_at: expiresAt,
          })
          .execute();
        return { token, expiresAt };
      });
      if (!session) return refuse();
      return {
        access_token: session.token,
        expires_at: session.expiresAt.toISOString(),
        staff: { id: staff.id, username: staff.username, role: staff.role },
      };
    },

    async authenticate(token: string): Promise<StaffPrincipal | null> {
      const now = clock.now();
      const row = await db
        .selectFrom('staff_session as s')
        .innerJoin('staff as st', 'st.id', 's.staff_id')
        .select(['s.id', 's.staff_id', 'st.role'])
        .where('s.token_hash', '=', hashToken(token))
        .where('s.revoked_at', 'is', null)
        .where('s.expires_at', '>', now)
        .where('s.last_used_at', '>', new Date(now.getTime() - d.session.idleMinutes * 60_000))
        .where('st.is_active', '=', true)
        .executeTakeFirst();
      if (!row) return null;
      await db.updateTable('staff_session').set({ last_used_at: now }).where('id', '=', row.id).execute();
      return { staffId: row.staff_id, role: row.role, sessionId: row.id };
    },

    async logout(p: StaffPrincipal) {
      await db
        .updateTable('staff_session')
        .set({ revoked_at: clock.now() })
        .where('id', '=', p.sessionId)
        .execute();
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;

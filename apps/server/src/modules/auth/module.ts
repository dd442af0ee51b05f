import type { Executor } from '../../platform/db.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { Ledger } from '../wallet/service.ts';
import type { AuthDeps } from './deps.ts';
import { authRoutes } from './routes.ts';
import { sessionCreatedAt } from './session-queries.ts';
import { memberAuthenticator, revokeMemberSessions } from './sessions.ts';
import { createSessionCache } from './sessions-cache.ts';
import { outboxSmsSender, type SmsSender } from './sms.ts';

/** What other modules get of the auth module: the member's sessions (player protection ends them all). */
export interface AuthService {
  sessions: {
    revokeAll(ex: Executor, memberId: number): Promise<void>;
    startedAt(ex: Executor, sessionId: number): Promise<Date | null>;
  };
}

/** Members' registration, login, OTP and sessions; registers the member authenticator. */
export function authModule(ctx: ModuleContext, deps: { ledger: Ledger; sms?: SmsSender }): AuthService {
  const c = ctx.config;
  const d: AuthDeps = {
    db: ctx.db,
    clock: ctx.clock,
    ledger: deps.ledger,
    sms: deps.sms ?? outboxSmsSender,
    agentId: c.AGENT_ID,
    agentCode: c.AGENT_CODE,
    session: { idleMinutes: c.SESSION_IDLE_MINUTES, absoluteHours: c.SESSION_ABSOLUTE_HOURS },
    sessionCache: createSessionCache({
      clock: ctx.clock,
      events: ctx.events,
      ttlSeconds: c.SESSION_CACHE_SECONDS,
      idleMinutes: c.SESSION_IDLE_MINUTES,
    }),
    otp: {
      ttlSeconds: c.OTP_TTL_SECONDS,
      resendSeconds: c.OTP_RESEND_SECONDS,
      maxPerHour: c.OTP_MAX_PER_HOUR,
      maxPerHourGlobal: c.OTP_MAX_PER_HOUR_GLOBAL,
      maxPerHourNetwork: c.OTP_MAX_PER_HOUR_NETWORK,
      resetReservePercent: c.OTP_RESET_RESERVE_PERCENT,
      maxAttempts: c.OTP_MAX_ATTEMPTS,
      brand: c.AGENT_NAME,
    },
    login: { maxFailures: c.LOGIN_MAX_FAILURES, lockMinutes: c.LOGIN_LOCK_MINUTES },
    gate: ctx.memberGate,
  };
  // The member authenticator `route` calls for every member endpoint.
  ctx.authenticators.member = memberAuthenticator(d.db, d.clock, d.session, d.sessionCache);
  authRoutes(ctx, d);
  return {
    sessions: {
      revokeAll: async (ex, memberId) => {
        await revokeMemberSessions(ex, d.clock, d.sessionCache, memberId, null);
      },
      startedAt: sessionCreatedAt,
    },
  };
}

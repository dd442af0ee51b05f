import { randomUUID } from 'node:crypto';
import type { Executor } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { Connectors } from '../connectors/service.ts';
import type { Ledger } from '../wallet/service.ts';
import type { AuthDeps } from './deps.ts';
import { authRoutes } from './routes.ts';
import { sessionCreatedAt } from './session-queries.ts';
import { memberAuthenticator, revokeMemberSessions } from './sessions.ts';
import { createSessionCache } from './sessions-cache.ts';
import { outboxSmsSender, type SmsSender } from './sms.ts';
import { createSmsDispatch, receiveTwilioStatus, SMS_SEND_JOB, type SmsDispatch } from './sms-dispatch.ts';
import type { SmsProvider } from './sms-providers.ts';
import { thaiBulkSms } from './sms-thaibulksms.ts';
import { twilio } from './sms-twilio.ts';

/** What other modules get of the auth module: the member's sessions (player protection ends them all). */
export interface AuthService {
  sessions: {
    revokeAll(ex: Executor, memberId: number): Promise<void>;
    startedAt(ex: Executor, sessionId: number): Promise<Date | null>;
  };
}

/**
 * Members' registration, login, OTP and sessions; registers the member authenticator. Text messages go
 * to the outbox (SMS_PROVIDER=outbox) or through a provider by a job (docs/rules/connectors.md §5);
 * `sms` replaces the sender altogether (tests).
 */
export async function authModule(
  ctx: ModuleContext,
  deps: { ledger: Ledger; connectors: Connectors; sms?: SmsSender },
): Promise<AuthService> {
  const c = ctx.config;
  const providers: Record<string, SmsProvider> = {
    thaibulksms: thaiBulkSms({
      connectors: deps.connectors,
      baseUrl: c.THAIBULKSMS_URL,
      sender: c.SMS_SENDER,
    }),
    twilio: twilio({
      connectors: deps.connectors,
      baseUrl: c.TWILIO_URL,
      from: c.TWILIO_FROM,
      messagingServiceSid: c.TWILIO_MESSAGING_SERVICE_SID,
      statusCallbackUrl: c.TWILIO_STATUS_CALLBACK_URL,
    }),
  };
  for (const p of Object.values(providers)) {
    deps.connectors.register({
      code: p.code,
      label: p.label,
      kind: 'sms',
      secrets: p.secrets,
      configured: () => p.configured(),
      testSend: (input) => smsTestSend(p, input.to, c.AGENT_NAME),
    });
  }
  const dispatch: SmsDispatch | null =
    c.SMS_PROVIDER === 'outbox'
      ? null
      : createSmsDispatch({
          db: ctx.db,
          clock: ctx.clock,
          jobs: ctx.jobs,
          connectors: deps.connectors,
          providers,
          primary: c.SMS_PROVIDER,
          fallback: c.SMS_FALLBACK_PROVIDER,
          maxAttempts: c.SMS_MAX_ATTEMPTS,
        });
  if (dispatch) {
    // A provider chosen without its credentials fails every message: say so at start-up, not at the
    // first member's registration (the connector page shows the same).
    for (const code of new Set([c.SMS_PROVIDER, c.SMS_FALLBACK_PROVIDER])) {
      const p = code ? providers[code] : undefined;
      if (p && !(await p.configured())) {
        ctx.app.log.warn(`SMS provider ${p.code} is not configured: messages through it will fail`);
      }
    }
  }
  if (dispatch && ctx.jobs.enabled) {
    await ctx.jobs.work<{ id: number }>(SMS_SEND_JOB, (job) => dispatch.sendOne(job.id), { fastPoll: true });
    // The jobs rule (platform/jobs.ts): a lost or late job delays a message, never loses it.
    await ctx.jobs.schedule('sms.sweep', '* * * * *', async () => {
      await dispatch.sweep();
    });
  }
  const d: AuthDeps = {
    db: ctx.db,
    clock: ctx.clock,
    ledger: deps.ledger,
    sms: deps.sms ?? dispatch?.sender ?? outboxSmsSender,
    showSmsSecrets: c.SEED_DEMO,
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
  await authRoutes(ctx, d, (params, signature) =>
    receiveTwilioStatus(
      {
        db: ctx.db,
        clock: ctx.clock,
        connectors: deps.connectors,
        callbackUrl: c.TWILIO_STATUS_CALLBACK_URL,
      },
      params,
      signature,
    ),
  );
  return {
    sessions: {
      revokeAll: async (ex, memberId) => {
        await revokeMemberSessions(ex, d.clock, d.sessionCache, memberId, null);
      },
      startedAt: sessionCreatedAt,
    },
  };
}

/** The owner's test-send from the console's connector page: one message straight through the provider. */
async function smsTestSend(p: SmsProvider, to: string | undefined, brand: string): Promise<string> {
  if (!to || !/^0[689]\d{8}$/.test(to)) throw new AppError('SMS_TEST_PHONE');
  const r = await p.send(to, `[${brand}] ข้อความทดสอบการส่ง SMS ผ่าน ${p.code}`, randomUUID());
  if (r.ok) return `ส่งข้อความทดสอบถึง ${to} แล้ว${r.messageId ? ` (รหัสข้อความ ${r.messageId})` : ''}`;
  throw new AppError('SMS_TEST_FAILED', { reason: TEST_FAILURE[r.reason] });
}

const TEST_FAILURE: Record<
  Exclude<Awaited<ReturnType<SmsProvider['send']>>, { ok: true }>['reason'],
  string
> = {
  credentials: 'ยังไม่ได้ตั้งรหัสของผู้ให้บริการครบ',
  auth: 'ผู้ให้บริการไม่ยอมรับรหัสที่ตั้งไว้',
  timeout: 'ผู้ให้บริการไม่ตอบภายในเวลาที่กำหนด',
  network: 'ติดต่อผู้ให้บริการไม่ได้',
  unavailable: 'ระบบของผู้ให้บริการขัดข้องชั่วคราว',
  rejected: 'ผู้ให้บริการปฏิเสธข้อความหรือเบอร์ปลายทาง',
};

import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { MemberGate } from '../../platform/http.ts';
import type { LockoutPolicy } from '../../platform/lockout.ts';
import type { Ledger } from '../wallet/service.ts';
import type { OtpPolicy } from './otp.ts';
import type { SessionPolicy } from './sessions.ts';
import type { SessionCache } from './sessions-cache.ts';
import type { SmsSender } from './sms.ts';

export interface AuthDeps {
  db: Db;
  clock: Clock;
  sms: SmsSender;
  /** A demo site shows OTPs in the console's SMS outbox; a production site masks them. */
  showSmsSecrets: boolean;
  ledger: Pick<Ledger, 'openMemberWallets'>;
  agentId: number;
  /** This site's agent code, in the member object the login answers. */
  agentCode: string;
  session: SessionPolicy;
  /** Member tokens checked in the last few seconds, and revocations across processes. */
  sessionCache: SessionCache;
  otp: OtpPolicy;
  login: LockoutPolicy;
  /** The platform's member gate: asked before a session is opened (the protection module fills it). */
  gate: Pick<MemberGate, 'login'>;
}

/** Where a request came from, kept on the session it opens. */
export interface Client {
  ip: string | null;
  userAgent: string | null;
  /** The browser's `X-Device-Id` (docs/rules/engagement.md §0 G5), when it sent a well-formed one. */
  deviceId?: string | null;
}

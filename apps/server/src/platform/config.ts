import path from 'node:path';
import { z } from 'zod';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every setting the server reads, parsed once at start-up. See the README's configuration table. */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('.data'),
  /** Where the embedded server's WAL archive and base backups go (platform/backup.ts); default DATA_DIR. */
  BACKUP_DIR: z.string().optional(),
  /** When the base backup job runs (5-field cron, Asia/Bangkok); embedded PostgreSQL only. */
  BACKUP_SCHEDULE: z.string().default('30 3 * * *'),
  /** Base backups kept (and the archived WAL the oldest of them needs). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(7),
  /** A WAL file is archived at least this often while anything is written (0: only when full, 16 MB). */
  BACKUP_ARCHIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  EMBEDDED_PG_RESTARTS: z.coerce.number().int().min(0).max(100).default(6),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(8),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AGENT_ID: z.coerce.number().int().positive().default(34),
  AGENT_CODE: z.string().min(1).max(32).default('chok'),
  AGENT_NAME: z.string().default('Chok'),
  SEED_DEMO: flag.default(true),
  /** The built-in sandbox payment gateway (anyone may "pay" through it). Unset: on with SEED_DEMO, off without. */
  PAYMENT_SANDBOX: flag.optional(),
  /** Run scheduled jobs in this process (pg-boss; safe with several processes). */
  RUN_JOBS: flag.default(true),
  /** Web processes `npm start` runs (Node cluster, one port); 1 keeps everything in one process. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** How long a checked member token is trusted without asking the database again (0: never). */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  /**
   * Bills of one round placed together in one transaction (docs/rules/lottery.md §7 "Bills in groups"):
   * at most this many a group (1: each bill alone), and at most this many groups of a round at once.
   */
  LOTTO_BILL_GROUP_MAX: z.coerce.number().int().min(1).max(500).default(100),
  LOTTO_BILL_GROUPS_IN_FLIGHT: z.coerce.number().int().min(1).max(16).default(2),
  /** An SSE client further behind than this (KiB waiting to be sent) is disconnected. */
  SSE_BACKLOG_KB: z.coerce.number().int().min(1).max(65536).default(256),
  /** Members' live feeds held and written by a child process of each HTTP process (platform/feed-process.ts). */
  SSE_PROCESS: flag.default(true),
  // Live feeds per process: anonymous ones in all (of 5,000; at most 4,000 so members keep 1,000),
  // anonymous ones per address, and per member.
  SSE_ANONYMOUS_MAX: z.coerce.number().int().min(0).max(4000).default(3000),
  SSE_PER_ADDRESS: z.coerce.number().int().min(1).max(1000).default(6),
  SSE_PER_MEMBER: z.coerce.number().int().min(1).max(100).default(10),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 60),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24),
  /** How long a member's raise or removal of a deposit or loss limit waits (docs/rules/protection.md §1.3). */
  PROTECTION_COOLING_OFF_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(24),
  STAFF_SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  STAFF_SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  OTP_TTL_SECONDS: z.coerce.number().int().positive().default(300),
  OTP_RESEND_SECONDS: z.coerce.number().int().min(0).default(60),
  OTP_MAX_PER_HOUR: z.coerce.number().int().positive().default(5),
  OTP_MAX_PER_HOUR_GLOBAL: z.coerce.number().int().positive().default(500),
  OTP_MAX_PER_HOUR_NETWORK: z.coerce.number().int().positive().default(30),
  OTP_RESET_RESERVE_PERCENT: z.coerce.number().int().min(0).max(90).default(20),
  OTP_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().positive().default(15),
  RATE_LIMIT_PER_MINUTE_LOGIN: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_PER_MINUTE_REGISTER: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_PER_MINUTE_OTP: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_PER_MINUTE_PASSWORD_RESET: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_PER_MINUTE_STAFF_LOGIN: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_PER_MINUTE_DEMO: z.coerce.number().int().positive().default(30),
  TRUST_PROXY: flag.default(false),
  /**
   * The LINE LIFF app the `/liff/{name}` pages initialise (`<channel id>-<suffix>`, from the LINE
   * Developers console). Unset: those pages work as plain pages and LINE accounts cannot be linked.
   */
  LIFF_ID: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{6,20}-[A-Za-z0-9]{4,32}$/, { error: 'LIFF_ID looks like 1234567890-AbcdEfgh' })
      .optional(),
  ),
  /** LINE's ID-token verify endpoint (tests point it at a local stand-in). */
  LINE_VERIFY_URL: z.url().default('https://api.line.me/oauth2/v2.1/verify'),
  /**
   * The Government Lottery Office's result service (docs/rules/lottery.md §8): after each GLO draw a job
   * asks it for the draw's result and proposes what it publishes. Unset: GLO's own endpoint
   * (GLO_OFFICIAL_RESULTS_URL) when SEED_DEMO=false, none in a demo or test app (a demo start points it at
   * the stand-in); `off`: no feed, results come from two staff only.
   */
  GLO_RESULTS_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.union([z.literal('off'), z.url()]).optional(),
  ),
  /** A second official publication the feed's result must agree with (same request and answer); unset: none. */
  GLO_RESULTS_CHECK_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  /**
   * SCB's API (QR payment, docs/rules/payments.md §3.4): the base every path (`/v1/oauth/token`, …) is
   * appended to. The default is SCB's sandbox; SCB gives the production base when the app goes live.
   */
  SCB_BASE_URL: z.url().default('https://api-sandbox.partners.scb/partners/sandbox'),
  /** How long a call to SCB may take before it counts as timed out (ms). */
  SCB_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * The LINE Messaging API's base URL (push, multicast); tests and a demo start point it at the stand-in
   * (apps/server/src/standins/line.ts). Credentials: LINE_CHANNEL_ACCESS_TOKEN, LINE_CHANNEL_SECRET.
   */
  LINE_MESSAGING_API_URL: z.url().default('https://api.line.me'),
  /**
   * The key that seals the connectors' credentials entered in the console (AES-256-GCM): 64 hex digits
   * or base64 of 32 bytes. Unset: credentials come from the environment only. To rotate, set the old key
   * as CONNECTOR_SECRETS_KEY_PREVIOUS and a new one here; the next start re-seals (docs/operations.md).
   */
  CONNECTOR_SECRETS_KEY: z.string().optional(),
  CONNECTOR_SECRETS_KEY_PREVIOUS: z.string().optional(),
  /**
   * Metrics (docs/operations.md, "Metrics and alerts"), never public by default: `GET /api/metrics` on
   * the main port exists only with METRICS_TOKEN (a bearer token, at least 16 characters); METRICS_PORT
   * opens a listener of its own on METRICS_HOST (127.0.0.1 unless given) serving `/metrics`.
   */
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16).optional()),
  METRICS_PORT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(65535).optional(),
  ),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** How long figures read from the database at a scrape are reused. */
  METRICS_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  /** How long the ledger drift (the nightly check's reads over every transfer) is reused. */
  METRICS_LEDGER_CHECK_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /**
   * Who sends text messages (docs/rules/connectors.md §5): `outbox` keeps them for the console (the demo),
   * `thaibulksms` or `twilio` sends them through that provider by a job; SMS_FALLBACK_PROVIDER takes a
   * message the first one could not send.
   */
  SMS_PROVIDER: z.enum(['outbox', 'thaibulksms', 'twilio']).default('outbox'),
  SMS_FALLBACK_PROVIDER: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['thaibulksms', 'twilio']).optional(),
  ),
  /** Tries per provider before a message goes to the fallback provider (or fails). */
  SMS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  /** ThaiBulkSMS: the sender name registered with ThaiBulkSMS (unset: the account's default). */
  SMS_SENDER: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(11).optional()),
  /** ThaiBulkSMS SMS API v2 (tests and the demo point it at the stand-in). */
  THAIBULKSMS_URL: z.url().default('https://api-v2.thaibulksms.com'),
  /** Twilio's REST API (tests and the demo point it at the stand-in). */
  TWILIO_URL: z.url().default('https://api.twilio.com'),
  /** Twilio: the sending number (E.164) or, instead, a Messaging Service SID (MG…). */
  TWILIO_FROM: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  TWILIO_MESSAGING_SERVICE_SID: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /**
   * Twilio: this site's public address of POST /api/sms/twilio/status, exactly as Twilio calls it (it is
   * part of what Twilio signs). Unset: no delivery reports are asked for.
   */
  TWILIO_STATUS_CALLBACK_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  WEB_DIST: z.string().optional(),
  /** The built operator console (apps/backoffice/dist unless given). */
  BACKOFFICE_DIST: z.string().optional(),
});

/** GLO's own result service, the feed's source in production (docs/rules/lottery.md §8). */
export const GLO_OFFICIAL_RESULTS_URL = 'https://www.glo.or.th/api/checking/getLotteryResult';

export type Config = Omit<z.output<typeof schema>, 'GLO_RESULTS_URL'> & {
  /** The GLO results feed's address; undefined: no feed. */
  GLO_RESULTS_URL: string | undefined;
  dataDir: string;
  backupDir: string;
  /** PAYMENT_SANDBOX, or SEED_DEMO when it is unset: whether the sandbox gateway may exist at all. */
  paymentSandbox: boolean;
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return {
    ...parsed.data,
    dataDir: path.resolve(parsed.data.DATA_DIR),
    backupDir: path.resolve(parsed.data.BACKUP_DIR ?? parsed.data.DATA_DIR),
    paymentSandbox: parsed.data.PAYMENT_SANDBOX ?? parsed.data.SEED_DEMO,
    GLO_RESULTS_URL:
      parsed.data.GLO_RESULTS_URL === 'off'
        ? undefined
        : (parsed.data.GLO_RESULTS_URL ?? (parsed.data.SEED_DEMO ? undefined : GLO_OFFICIAL_RESULTS_URL)),
  };
}

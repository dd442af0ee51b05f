import path from 'node:path';
import * as system from '@chok/contract/api/system';
import { allEndpoints } from '@chok/contract/endpoints';
import { matchPage, roundIdOf } from '@chok/contract/layouts';
import { buildOpenApi } from '@chok/contract/openapi';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { adminModule } from './modules/admin/module.ts';
import { affiliateModule } from './modules/affiliate/module.ts';
import { authModule } from './modules/auth/module.ts';
import type { SmsSender } from './modules/auth/sms.ts';
import { cashbackModule } from './modules/cashback/module.ts';
import { checkinModule } from './modules/checkin/module.ts';
import { connectorsModule } from './modules/connectors/module.ts';
import { callFigures } from './modules/connectors/service.ts';
import { consoleModule } from './modules/console/module.ts';
import { contentModule } from './modules/content/module.ts';
import { couponsModule } from './modules/coupons/module.ts';
import { gamesModule } from './modules/games/module.ts';
import { endMemberGames } from './modules/games/service.ts';
import { gameNamesOfOperations } from './modules/games/wallet-queries.ts';
import { lineModule } from './modules/line/module.ts';
import { lottoModule } from './modules/lotto/module.ts';
import { roundExists, settlementFigures } from './modules/lotto/service.ts';
import { membersModule } from './modules/members/module.ts';
import { memberRefs } from './modules/members/service.ts';
import { originalsModule } from './modules/originals/module.ts';
import { paymentsModule } from './modules/payments/module.ts';
import { depositsCountedSince, paymentsQueues, paymentsWaiting } from './modules/payments/service.ts';
import { pointsModule } from './modules/points/module.ts';
import { pollsModule } from './modules/polls/module.ts';
import { protectionModule } from './modules/protection/module.ts';
import { questsModule } from './modules/quests/module.ts';
import { reportsModule } from './modules/reports/module.ts';
import { rewardsModule } from './modules/rewards/module.ts';
import { heldRewardCount } from './modules/rewards/service.ts';
import { shopModule } from './modules/shop/module.ts';
import { ordersToShipCount } from './modules/shop/service.ts';
import { soothModule } from './modules/sooth/module.ts';
import { walletModule } from './modules/wallet/module.ts';
import { ledgerDrift, openFreezeCount } from './modules/wallet/service.ts';
import { wheelModule } from './modules/wheel/module.ts';
import { serveBackoffice } from './platform/backoffice-site.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import type { Config } from './platform/config.ts';
import type { Db } from './platform/db.ts';
import { AppError } from './platform/errors.ts';
import { type EventBus, startEventBus } from './platform/events.ts';
import { type FeedProcess, startFeedProcess } from './platform/feed-process.ts';
import {
  bindRoute,
  clientErrorAnswer,
  frameworkErrorAnswer,
  installErrorHandling,
  type RouteOptions,
} from './platform/http.ts';
import { disabledJobs, type Jobs, jobQueueFigures } from './platform/jobs.ts';
import { serveMemberSite } from './platform/member-site.ts';
import {
  bearerMatches,
  createMetrics,
  instrumentHttp,
  instrumentJobs,
  instrumentPool,
  type Metrics,
  processGauge,
  type Sample,
} from './platform/metrics.ts';
import { authenticatorRegistry, type ModuleContext, openMemberGate } from './platform/module.ts';
import { SERVER_ROOT } from './platform/paths.ts';
import { postgresRateLimitStore, pruneRateLimits } from './platform/rate-limit.ts';
import { createReadiness, type ReadyChecks } from './platform/readiness.ts';
import { loggerOptions, RequestLog } from './platform/request-log.ts';
import { installSecurityHeaders } from './platform/security-headers.ts';
import { registerStream } from './platform/stream.ts';
import { takeWriteQuota } from './platform/write-quota.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, for the OpenAPI coverage test. */
    registeredRoutes: { method: string; url: string }[];
    /** The process's event bus (LISTEN/NOTIFY + SSE fan-out). */
    events: EventBus;
    /** The live-feed process holding members' streams (SSE_PROCESS), or null. */
    feed: FeedProcess | null;
    /** The process's Prometheus metrics (platform/metrics.ts). */
    metrics: Metrics;
    /** What `/api/ready` checks (platform/readiness.ts). */
    readiness: () => Promise<ReadyChecks>;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  /** Connection string of `db`'s database, for the LISTEN connection of the event bus. */
  databaseUrl: string;
  /** Started by main.ts when RUN_JOBS is on; tests and web-only processes run without. */
  jobs?: Jobs;
  clock?: Clock;
  sms?: SmsSender;
  /** Where connectors read their `<CONNECTOR>_<NAME>` credentials (process.env unless given). */
  env?: Record<string, string | undefined>;
  /** The process's metrics registry (main.ts makes one per process; created here unless given). */
  metrics?: Metrics;
  /** Check every answer against the contract (tests turn this on). */
  validateResponses?: boolean;
  logger?: boolean;
  /** Where the request log goes (default stdout); tests capture it. */
  logStream?: { write(line: string): void };
}

// Paths whose query strings carry bearer-like secrets: game launch and demo tokens (/play/<game>?t=),
// provider callbacks, and the event stream (whose old clients sent ?access_token=).
const SECRET_QUERY_PATHS = /^\/(play|provider)\/|^\/api\/stream(\/|$)/;
// Query parameters redacted on every other path.
const SECRET_PARAMS = /^(access_token|token|ticket|t|demo|otp|password|session|signature|sig)$/i;

/**
 * A request URL fit for the log: no token, ticket or session in its query string. An authenticated
 * request (a member's or staff's bearer token) keeps its path only: whatever it asked for is the
 * member's own business, not the log's.
 */
export function redactUrl(url: string, authenticated = false): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const path = url.slice(0, q);
  if (authenticated || SECRET_QUERY_PATHS.test(path)) return `${path}?[redacted]`;
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const rawKey = eq < 0 ? part : part.slice(0, eq);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      } catch {
        return '[redacted]';
      }
      return SECRET_PARAMS.test(key) ? `${rawKey}=[redacted]` : part;
    });
  return `${path}?${parts.join('&')}`;
}

/** A request's URL as the log shows it, with its secrets redacted. */
const loggedUrl = (req: FastifyRequest) => redactUrl(req.url, req.headers.authorization !== undefined);

/** What the LINE LIFF SDK connects to when a LIFF app is configured. */
const LINE_ORIGINS = ['https://api.line.me', 'https://access.line.me', 'https://liffsdk.line-scdn.net'];

/**
 * Third-party games open in the game page's frame and show their supplier's thumbnails
 * (docs/rules/casino.md §8): any https game server; and Hub88's stand-in when a demo start put it on
 * plain http at 127.0.0.1 (HUB88_API_URL).
 */
function gameOrigins(env: Record<string, string | undefined>): string[] {
  const url = env.HUB88_API_URL;
  if (!url?.startsWith('http://')) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

const WEB_DIST_DEFAULT = path.resolve(SERVER_ROOT, '../web/dist');
const BACKOFFICE_DIST_DEFAULT = path.resolve(SERVER_ROOT, '../backoffice/dist');

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : loggerOptions({
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.otp'],
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          }),
    // One line per request, written when it is answered.
    logController: new RequestLog(loggedUrl),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    requestIdHeader: false,
    // Every answer is the envelope, also those Fastify and Node's HTTP parser give on their own.
    frameworkErrors: frameworkErrorAnswer,
    clientErrorHandler: clientErrorAnswer,
  });

  // A JSON content type with no body at all (a bodiless POST from a client that always sets the
  // header) is a request without a body, as it is without the header; anything else is Fastify's own
  // JSON parser, prototype poisoning refused.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') done(null, undefined);
    else json(req, body as string, done);
  });

  const metrics = deps.metrics ?? createMetrics();
  app.decorate('metrics', metrics);
  instrumentHttp(app, metrics);
  instrumentPool(db, metrics, config.DB_POOL_SIZE);
  if (deps.jobs) instrumentJobs(deps.jobs, metrics);

  const registeredRoutes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) registeredRoutes.push({ method, url: r.url });
  });
  app.decorate('registeredRoutes', registeredRoutes);

  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:', ...gameOrigins(deps.env ?? process.env)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        // With a LIFF app the /liff pages' LINE SDK talks to LINE (docs/operations.md, LINE pages).
        connectSrc: ["'self'", ...(config.LIFF_ID ? LINE_ORIGINS : [])],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ["'self'", 'https:', ...gameOrigins(deps.env ?? process.env)],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // The per-address limits count in PostgreSQL, one budget for every process (platform/rate-limit.ts).
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(db),
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
  installErrorHandling(app);

  const authenticators = authenticatorRegistry();
  const memberGate = openMemberGate();
  const routeOptions: RouteOptions = {
    authenticators,
    memberGate,
    agentId: config.AGENT_ID,
    takeWriteQuota: (memberId, endpoint, limit) => takeWriteQuota(db, memberId, endpoint, limit),
    rateLimits: {
      login: config.RATE_LIMIT_PER_MINUTE_LOGIN,
      register: config.RATE_LIMIT_PER_MINUTE_REGISTER,
      otp: config.RATE_LIMIT_PER_MINUTE_OTP,
      password_reset: config.RATE_LIMIT_PER_MINUTE_PASSWORD_RESET,
      staff_login: config.RATE_LIMIT_PER_MINUTE_STAFF_LOGIN,
      demo: config.RATE_LIMIT_PER_MINUTE_DEMO,
    },
    validateResponses: deps.validateResponses ?? false,
  };
  const route = bindRoute(routeOptions);
  const events = await startEventBus(deps.databaseUrl, (msg, err) => app.log.error({ err }, msg), {
    backlogMaxBytes: config.SSE_BACKLOG_KB * 1024,
  });
  app.decorate('events', events);
  processGauge(
    metrics,
    { name: 'chok_sse_clients', help: 'Live feeds (/api/stream) this process holds open' },
    () => events.subscriberCount() + (app.feed?.count() ?? 0),
  );
  app.addHook('onClose', async () => {
    await events.stop();
  });
  const ctx: ModuleContext = {
    app,
    route,
    db,
    config,
    clock,
    events,
    jobs: deps.jobs ?? disabledJobs,
    authenticators,
    memberGate,
  };

  // The document lists the endpoints this server serves (a production install without the payment
  // sandbox does not list it), built once, at the first request, when every module is registered.
  let openApi: ReturnType<typeof buildOpenApi> | undefined;
  app.get(system.openApiDocument.path, async () => {
    if (!openApi) {
      const served = new Set(registeredRoutes.map((r) => `${r.method} ${r.url}`));
      const endpoints = allEndpoints.filter((e) => served.has(`${e.method} ${e.path}`));
      openApi = buildOpenApi(endpoints, { title: 'Chok API', version: '0.1.0' });
    }
    return openApi;
  });
  // Liveness: the process answers. Whether it should get traffic is /api/ready's question
  // (docs/operations.md, "Health and readiness").
  route(app, system.health, async () => ({ status: 'ok' as const, server_time: clock.now().toISOString() }));
  const readiness = createReadiness(db, deps.jobs ?? disabledJobs);
  app.decorate('readiness', readiness);
  route(app, system.ready, async () => {
    const checks = await readiness();
    const failed = (Object.keys(checks) as (keyof ReadyChecks)[]).filter((k) => !checks[k]);
    if (failed.length > 0)
      throw new AppError(
        'NOT_READY',
        { reason: failed.map((k) => NOT_READY_REASONS[k]).join(', ') },
        undefined,
        { checks },
      );
    return { status: 'ready' as const, checks };
  });
  // Prometheus text, never public: without METRICS_TOKEN the path does not exist (404).
  app.get(system.metrics.path, async (req, reply) => {
    if (!config.METRICS_TOKEN) throw new AppError('NOT_FOUND');
    if (!bearerMatches(req.headers.authorization, config.METRICS_TOKEN)) throw new AppError('UNAUTHORIZED');
    const text = await metrics.text();
    return reply.header('content-type', metrics.registry.contentType).send(text);
  });
  // Members' live feeds written by a child process, off this process's event loop (SSE_PROCESS):
  // started once this app listens (an app built for jobs only never serves a stream). If it cannot
  // start, the streams stay in this process.
  let feed: FeedProcess | null = null;
  if (config.SSE_PROCESS) {
    app.addHook('onListen', async () => {
      if (feed) return;
      try {
        feed = await startFeedProcess({
          databaseUrl: deps.databaseUrl,
          backlogMaxBytes: config.SSE_BACKLOG_KB * 1024,
          log: (msg, err) => app.log.error({ err }, msg),
        });
      } catch (err) {
        app.log.error({ err }, 'live-feed process did not start; live feeds stay in this process');
      }
    });
    app.addHook('onClose', async () => {
      await feed?.stop();
    });
  }
  app.decorate('feed', {
    getter: () => feed,
  });
  registerStream(
    app,
    events,
    authenticators,
    {
      anonymous: config.SSE_ANONYMOUS_MAX,
      perAddress: config.SSE_PER_ADDRESS,
      perMember: config.SSE_PER_MEMBER,
    },
    () => feed,
  );

  // Counter rows of ended rate-limit windows (platform/rate-limit.ts).
  await ctx.jobs.schedule('rate-limit-prune', '*/10 * * * *', async () => {
    await pruneRateLimits(db);
  });

  // Modules, one line each; collaborators are passed by name (docs/architecture.md).
  const connectors = await connectorsModule(ctx, deps.env ?? process.env);
  const ledger = await walletModule(ctx, { memberRefs, gameNames: gameNamesOfOperations });
  const auth = await authModule(ctx, { ledger, connectors, ...(deps.sms ? { sms: deps.sms } : {}) });
  const protection = await protectionModule(ctx, {
    sessions: auth.sessions,
    depositsCountedSince,
    endGames: endMemberGames,
  });
  adminModule(ctx);
  membersModule(ctx);
  const content = contentModule(ctx);
  await lottoModule(ctx, { ledger, connectors });
  const games = await gamesModule(ctx, { ledger, connectors });
  await originalsModule(ctx, { seamless: games.seamless });
  await paymentsModule(ctx, { ledger, protection, connectors });
  await pointsModule(ctx);
  const rewards = await rewardsModule(ctx, { ledger });
  await wheelModule(ctx, { ledger });
  await checkinModule(ctx, { ledger });
  await questsModule(ctx, { ledger });
  await shopModule(ctx, { ledger, rewards });
  await couponsModule(ctx, { ledger });
  await affiliateModule(ctx, { ledger, rewards });
  await cashbackModule(ctx, { ledger });
  await pollsModule(ctx, { ledger });
  await lineModule(ctx, { connectors });
  soothModule(ctx);
  reportsModule(ctx);
  consoleModule(ctx, {
    sources: {
      payments: paymentsWaiting,
      heldRewards: heldRewardCount,
      ordersToShip: ordersToShipCount,
      freezes: openFreezeCount,
    },
  });

  registerBusinessMetrics(metrics, { db, config, readiness });

  serveBackoffice(app, config.BACKOFFICE_DIST ?? BACKOFFICE_DIST_DEFAULT);
  await serveMemberSite(app, {
    dist: config.WEB_DIST ?? WEB_DIST_DEFAULT,
    clock,
    agentConfig: () => content.agentConfig(),
    onPublicChange: (listener) => content.onPublicChange(listener),
    // A round page names a round (docs/rules/member-site.md §8): an unknown one is a 404.
    pageFound: async (pathname) => {
      const page = matchPage(pathname);
      const roundId =
        page?.route === '/lotto/:round_id?' && page.params.round_id ? roundIdOf(page.params.round_id) : null;
      return roundId === null || roundExists(db, roundId);
    },
  });
  return app;
}

/** The Thai name of each readiness check, for NOT_READY's message. */
const NOT_READY_REASONS: Record<keyof ReadyChecks, string> = {
  database: 'ติดต่อฐานข้อมูลไม่ได้',
  migrations: 'ฐานข้อมูลยังปรับรุ่นไม่ครบ',
  jobs: 'งานตามกำหนดเวลาไม่ทำงาน',
};

const DEPOSIT_STATUSES = ['open', 'review'] as const;
const WITHDRAWAL_STATUSES = ['pending', 'review'] as const;
/** The window of the connectors' call counts. */
const CONNECTOR_WINDOW_MS = 5 * 60_000;

/**
 * The figures read from the database at scrape time, one statement per family, each from the module
 * that owns its tables (docs/operations.md, "Metrics and alerts" lists them and their alerts).
 */
function registerBusinessMetrics(
  metrics: Metrics,
  d: { db: Db; config: Config; readiness: () => Promise<ReadyChecks> },
): void {
  const ttl = d.config.METRICS_CACHE_SECONDS * 1000;
  metrics.family(
    'ready',
    ttl,
    [
      { name: 'chok_db_up', help: 'Whether the database answered this process (1) or not (0)' },
      {
        name: 'chok_ready',
        help: 'Readiness checks of /api/ready (1 holds, 0 fails)',
        labelNames: ['check'],
      },
    ],
    async () => {
      const checks = await d.readiness();
      return {
        chok_db_up: [{ value: checks.database ? 1 : 0 }],
        chok_ready: Object.entries(checks).map(([check, ok]) => ({ labels: { check }, value: ok ? 1 : 0 })),
      };
    },
  );
  metrics.family(
    'jobs',
    ttl,
    [
      {
        name: 'chok_job_queue_waiting',
        help: 'Jobs due and waiting for a worker, per queue',
        labelNames: ['queue'],
      },
      { name: 'chok_job_queue_active', help: 'Jobs running, per queue', labelNames: ['queue'] },
      {
        name: 'chok_job_queue_failed_last_hour',
        help: 'Jobs that failed for good in the last hour, per queue',
        labelNames: ['queue'],
      },
      {
        name: 'chok_job_queue_oldest_waiting_seconds',
        help: 'How long the oldest due job of a queue has waited (0 when none)',
        labelNames: ['queue'],
      },
    ],
    async () => {
      const rows = await jobQueueFigures(d.db);
      const of = (f: (r: (typeof rows)[number]) => number): Sample[] =>
        rows.map((r) => ({ labels: { queue: r.queue }, value: f(r) }));
      return {
        chok_job_queue_waiting: of((r) => r.waiting),
        chok_job_queue_active: of((r) => r.active),
        chok_job_queue_failed_last_hour: of((r) => r.failed_last_hour),
        chok_job_queue_oldest_waiting_seconds: of((r) => r.oldest_waiting_seconds),
      };
    },
  );
  metrics.family(
    'payments',
    ttl,
    [
      {
        name: 'chok_deposits_waiting',
        help: 'Deposit requests open or under review',
        labelNames: ['status'],
      },
      {
        name: 'chok_deposits_waiting_oldest_seconds',
        help: 'Age of the oldest deposit request open or under review (0 when none)',
        labelNames: ['status'],
      },
      {
        name: 'chok_withdrawals_waiting',
        help: 'Withdrawals pending payout or under review',
        labelNames: ['status'],
      },
      {
        name: 'chok_withdrawals_waiting_oldest_seconds',
        help: 'Age of the oldest withdrawal pending payout or under review (0 when none)',
        labelNames: ['status'],
      },
      { name: 'chok_statement_lines_unmatched', help: 'Imported statement lines no deposit request matched' },
      {
        name: 'chok_statement_lines_unmatched_oldest_seconds',
        help: 'Age of the oldest unmatched statement line (0 when none)',
      },
    ],
    async () => {
      const rows = await paymentsQueues(d.db);
      const find = (kind: string, status: string) => rows.find((r) => r.kind === kind && r.status === status);
      const per = (kind: string, statuses: readonly string[], f: 'count' | 'oldest_seconds'): Sample[] =>
        statuses.map((status) => ({ labels: { status }, value: find(kind, status)?.[f] ?? 0 }));
      return {
        chok_deposits_waiting: per('deposit', DEPOSIT_STATUSES, 'count'),
        chok_deposits_waiting_oldest_seconds: per('deposit', DEPOSIT_STATUSES, 'oldest_seconds'),
        chok_withdrawals_waiting: per('withdrawal', WITHDRAWAL_STATUSES, 'count'),
        chok_withdrawals_waiting_oldest_seconds: per('withdrawal', WITHDRAWAL_STATUSES, 'oldest_seconds'),
        chok_statement_lines_unmatched: [{ value: find('statement_line', 'unmatched')?.count ?? 0 }],
        chok_statement_lines_unmatched_oldest_seconds: [
          { value: find('statement_line', 'unmatched')?.oldest_seconds ?? 0 },
        ],
      };
    },
  );
  metrics.family(
    'ledger',
    d.config.METRICS_LEDGER_CHECK_SECONDS * 1000,
    [
      {
        name: 'chok_ledger_drift_accounts',
        help: 'Member wallets whose balance differs from their transfers (must be 0)',
      },
      {
        name: 'chok_ledger_drift_satang',
        help: 'Satang the member wallets are off their transfers by (must be 0)',
      },
      {
        name: 'chok_ledger_net_satang',
        help: 'Net of all member and system balances as derived (must be 0)',
      },
      { name: 'chok_ledger_withdrawal_freezes_open', help: 'Withdrawal freezes not cleared yet' },
    ],
    async () => {
      const drift = await ledgerDrift(d.db);
      return {
        chok_ledger_drift_accounts: [{ value: drift.accounts }],
        chok_ledger_drift_satang: [{ value: drift.drift_satang }],
        chok_ledger_net_satang: [{ value: drift.net_satang }],
        chok_ledger_withdrawal_freezes_open: [{ value: drift.open_freezes }],
      };
    },
  );
  metrics.family(
    'lotto',
    ttl,
    [
      {
        name: 'chok_lotto_rounds_awaiting_settlement',
        help: 'Lottery rounds with a result whose bills are not settled',
      },
      {
        name: 'chok_lotto_awaiting_settlement_oldest_seconds',
        help: 'Time since the oldest unsettled round got its result (0 when none)',
      },
      {
        name: 'chok_lotto_settlement_last_seconds',
        help: 'From result to settled, of the last round settled',
      },
    ],
    async () => {
      const f = await settlementFigures(d.db);
      return {
        chok_lotto_rounds_awaiting_settlement: [{ value: f.awaiting }],
        chok_lotto_awaiting_settlement_oldest_seconds: [{ value: f.awaiting_oldest_seconds }],
        chok_lotto_settlement_last_seconds: [{ value: f.last_settlement_seconds }],
      };
    },
  );
  metrics.family(
    'connectors',
    ttl,
    [
      {
        name: 'chok_connector_calls_5m',
        help: 'Calls to outside services in the last 5 minutes, by connector and outcome (ok, error, timeout)',
        labelNames: ['connector', 'outcome'],
      },
      {
        name: 'chok_connector_latency_5m_seconds',
        help: 'Mean latency of the calls of the last 5 minutes, by connector and outcome',
        labelNames: ['connector', 'outcome'],
      },
    ],
    async () => {
      const rows = await callFigures(d.db, new Date(Date.now() - CONNECTOR_WINDOW_MS));
      return {
        chok_connector_calls_5m: rows.map((r) => ({
          labels: { connector: r.connector, outcome: r.outcome },
          value: r.calls,
        })),
        chok_connector_latency_5m_seconds: rows.map((r) => ({
          labels: { connector: r.connector, outcome: r.outcome },
          value: r.mean_latency_ms / 1000,
        })),
      };
    },
  );
}

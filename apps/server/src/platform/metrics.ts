/**
 * The server's Prometheus metrics (docs/operations.md, "Metrics and alerts"): per process, the HTTP
 * answers by route pattern, the event loop, the heap, the database pool and the live feeds; read from
 * the database at scrape time (the same in every process), the queues of jobs and the business
 * signals each module exposes through its `service.ts` (app.ts wires them in as families).
 *
 * With several web processes (WEB_CONCURRENCY) each keeps its own registry; the first process gathers
 * them over the cluster's IPC channel and adds them up with prom-client's aggregation
 * (`clusterMetricsText`): counters and histograms are summed, figures read from the database are the
 * same in every process and are taken once (`max`), whether the database answers at all is the worst
 * process's (`min`).
 */
import cluster from 'node:cluster';
import { timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import client, { AggregatorRegistry, Registry } from 'prom-client';
import type { Db } from './db.ts';
import { poolOf } from './db.ts';
import type { Jobs } from './jobs.ts';

/** One registry's metrics as prom-client hands them between processes. */
export type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

/** One value of a gauge read from the database. */
export interface Sample {
  labels?: Record<string, string>;
  value: number;
}

/** A gauge of a family: its name, help text and label names. */
export interface GaugeDef {
  name: string;
  help: string;
  labelNames?: readonly string[];
}

export interface Metrics {
  readonly registry: Registry;
  /**
   * Gauges read together from the database by one `read` (one query per family), at most once per
   * `ttlMs` whatever the number of gauges or scrapes; `read` answers each gauge's samples by name.
   * A failed read leaves the family's gauges empty and counts in `chok_metrics_read_errors_total`.
   */
  family(
    family: string,
    ttlMs: number,
    gauges: readonly GaugeDef[],
    read: () => Promise<Record<string, Sample[]>>,
  ): void;
  /** This process's metrics (or, where `source` is set, the cluster's) in Prometheus text format. */
  text(): Promise<string>;
  /** Replaces where `text` comes from (a web process of a cluster asks the first process). */
  setSource(source: () => Promise<string>): void;
}

/** Routes whose answers are long-lived streams: counted, but not in the latency histogram. */
const STREAM_ROUTES = new Set(['/api/stream', '/api/admin/stream']);

/** A request no route matched is counted under this label, never under its raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';

export function createMetrics(): Metrics {
  const registry = new Registry();
  // Event-loop lag (nodejs_eventloop_lag_*), heap (nodejs_heap_*), CPU, handles: per process.
  client.collectDefaultMetrics({ register: registry });
  const readErrors = new client.Counter({
    name: 'chok_metrics_read_errors_total',
    help: 'Failed database reads of a family of gauges at scrape time',
    labelNames: ['family'],
    registers: [registry],
  });
  let source: (() => Promise<string>) | null = null;
  return {
    registry,
    family(family, ttlMs, gauges, read) {
      let cached: { at: number; values: Promise<Record<string, Sample[]> | null> } | null = null;
      const current = () => {
        const now = Date.now();
        if (!cached || now - cached.at >= ttlMs) {
          const values = read().catch(() => {
            readErrors.inc({ family });
            return null;
          });
          cached = { at: now, values };
        }
        return cached.values;
      };
      for (const def of gauges) {
        new client.Gauge({
          name: def.name,
          help: def.help,
          labelNames: def.labelNames ?? [],
          registers: [registry],
          // Every process reads the same database: the cluster's figure is any one process's.
          aggregator: 'max',
          async collect() {
            const values = await current();
            this.reset();
            for (const s of values?.[def.name] ?? []) {
              if (s.labels) this.set(s.labels, s.value);
              else this.set(s.value);
            }
          },
        });
      }
    },
    text: () => (source ? source() : registry.metrics()),
    setSource(s) {
      source = s;
    },
  };
}

/**
 * Counts every answer by method, route pattern (`/api/lotto/round/:id`, never the raw URL: its
 * parameters would make a series per member or round) and status, and times it.
 */
export function instrumentHttp(app: FastifyInstance, metrics: Metrics): void {
  const requests = new client.Counter({
    name: 'chok_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [metrics.registry],
  });
  const duration = new client.Histogram({
    name: 'chok_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern (live feeds excluded)',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metrics.registry],
  });
  app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    const route = req.routeOptions.url ?? UNMATCHED_ROUTE;
    const method = req.method;
    requests.inc({ method, route, status: String(reply.statusCode) });
    if (!STREAM_ROUTES.has(route)) duration.observe({ method, route }, reply.elapsedTime / 1000);
  });
}

/** The database pool of this process: connections in use and idle, requests waiting, and the wait. */
export function instrumentPool(db: Db, metrics: Metrics, poolSize: number): void {
  const pool = poolOf(db);
  if (!pool) return;
  const registers = [metrics.registry];
  new client.Gauge({
    name: 'chok_db_pool_connections',
    help: 'Connections of the database pool, by state (busy, idle)',
    labelNames: ['state'],
    registers,
    collect() {
      this.set({ state: 'busy' }, pool.pool.totalCount - pool.pool.idleCount);
      this.set({ state: 'idle' }, pool.pool.idleCount);
    },
  });
  new client.Gauge({
    name: 'chok_db_pool_max',
    help: 'Size of the database pool (DB_POOL_SIZE)',
    registers,
    collect() {
      this.set(poolSize);
    },
  });
  new client.Gauge({
    name: 'chok_db_pool_waiting',
    help: 'Requests waiting for a connection of the database pool',
    registers,
    collect() {
      this.set(pool.pool.waitingCount);
    },
  });
  const wait = new client.Histogram({
    name: 'chok_db_pool_wait_seconds',
    help: 'Time a statement waited for a connection of the database pool',
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 30],
    registers,
  });
  pool.onWait((seconds) => wait.observe(seconds));
}

/** The jobs this process ran: runs by queue and outcome, and their duration (a settlement's, say). */
export function instrumentJobs(jobs: Jobs, metrics: Metrics): void {
  const registers = [metrics.registry];
  const runs = new client.Counter({
    name: 'chok_job_runs_total',
    help: 'Job runs in this process, by queue and outcome (ok, failed)',
    labelNames: ['queue', 'outcome'],
    registers,
  });
  const seconds = new client.Histogram({
    name: 'chok_job_run_seconds',
    help: 'Time a job run took in this process, by queue',
    labelNames: ['queue'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
    registers,
  });
  jobs.onRun((queue, s, ok) => {
    runs.inc({ queue, outcome: ok ? 'ok' : 'failed' });
    seconds.observe({ queue }, s);
  });
}

/** A gauge set by a function of this process at scrape time (live feeds, say). */
export function processGauge(metrics: Metrics, def: GaugeDef, value: () => number): void {
  new client.Gauge({
    name: def.name,
    help: def.help,
    registers: [metrics.registry],
    collect() {
      this.set(value());
    },
  });
}

/**
 * Whether `header` carries the bearer `token`, compared in constant time. Metrics are never public:
 * without a token set, the endpoint on the main port does not exist (docs/operations.md).
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

// ── Several web processes (Node cluster) ──

const COLLECT = 'chok:metrics:collect';
const COLLECTED = 'chok:metrics:collected';
const ASK = 'chok:metrics:ask';
const ANSWER = 'chok:metrics:answer';
const GATHER_TIMEOUT_MS = 3000;

interface Message {
  type?: string;
  id?: number;
  json?: MetricsJson;
  text?: string;
}

/** The metrics of every web process and of `own` (this, the first process), added up. */
export async function clusterMetricsText(own: Registry | null): Promise<string> {
  const workers = Object.values(cluster.workers ?? {}).filter((w) => w?.isConnected());
  const parts = await Promise.all([
    ...workers.map(
      (w) =>
        new Promise<MetricsJson | null>((resolve) => {
          if (!w) return resolve(null);
          const id = nextId++;
          const timer = setTimeout(() => {
            w.off('message', onMessage);
            resolve(null);
          }, GATHER_TIMEOUT_MS);
          const onMessage = (m: Message) => {
            if (m?.type !== COLLECTED || m.id !== id) return;
            clearTimeout(timer);
            w.off('message', onMessage);
            resolve(m.json ?? null);
          };
          w.on('message', onMessage);
          w.send({ type: COLLECT, id });
        }),
    ),
    own ? own.getMetricsAsJSON() : Promise.resolve(null),
  ]);
  const present = parts.filter((p): p is MetricsJson => p !== null);
  return AggregatorRegistry.aggregate(present).metrics();
}
let nextId = 1;

/**
 * The first process of a cluster: answers a web process that was asked for the cluster's metrics
 * (`/api/metrics` reached it) with the gathered text.
 */
export function serveClusterMetrics(own: () => Registry | null): void {
  cluster.on('message', (worker, m: Message) => {
    if (m?.type !== ASK) return;
    void clusterMetricsText(own()).then(
      (text) => worker.isConnected() && worker.send({ type: ANSWER, id: m.id, text }),
      () => worker.isConnected() && worker.send({ type: ANSWER, id: m.id, text: '' }),
    );
  });
}

/**
 * A web process of a cluster: gives its own registry to the first process when asked, and answers
 * `/api/metrics` with the cluster's metrics, asked of the first process.
 */
export function joinClusterMetrics(metrics: Metrics): void {
  const waiting = new Map<number, (text: string) => void>();
  process.on('message', (m: Message) => {
    if (m?.type === COLLECT) {
      void metrics.registry
        .getMetricsAsJSON()
        .then((json) => process.send?.({ type: COLLECTED, id: m.id, json }));
    } else if (m?.type === ANSWER && m.id !== undefined) {
      waiting.get(m.id)?.(m.text ?? '');
      waiting.delete(m.id);
    }
  });
  metrics.setSource(
    () =>
      new Promise<string>((resolve, reject) => {
        const id = nextId++;
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error('the first process did not answer with the metrics'));
        }, GATHER_TIMEOUT_MS * 2);
        waiting.set(id, (text) => {
          clearTimeout(timer);
          resolve(text);
        });
        process.send?.({ type: ASK, id });
      }),
  );
}

/**
 * The metrics listener of METRICS_PORT (docs/operations.md, "Metrics and alerts"): `GET /metrics` on
 * its own port, bound to METRICS_HOST (127.0.0.1 unless set), with the bearer token when METRICS_TOKEN
 * is set; anything else is a 404.
 */
export async function startMetricsServer(opts: {
  host: string;
  port: number;
  token?: string | undefined;
  text: () => Promise<string>;
}): Promise<{ close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    if (opts.token && !bearerMatches(req.headers.authorization, opts.token)) {
      res
        .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' })
        .end('unauthorized\n');
      return;
    }
    opts.text().then(
      (text) => res.writeHead(200, { 'content-type': Registry.PROMETHEUS_CONTENT_TYPE }).end(text),
      () => res.writeHead(503, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

import { randomUUID } from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';
import type { Db, Executor } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import {
  type CallRecord,
  callSummaries,
  deleteCallsBefore,
  deleteEventsBefore,
  deleteSecret,
  insertCall,
  insertEvent,
  secretRow,
  secretRowsSealedBy,
  storedSecretNames,
  upsertSecret,
} from './connector-queries.ts';
import { type SecretKey, seal, unseal } from './seal.ts';

/**
 * The connectors' common ground (docs/rules/connectors.md): where their credentials come from, how a
 * call out is timed out and recorded, how a webhook's replay is recognised, and what the console's
 * connector page lists. Each adapter (SMS, LINE, a bank's QR API, …) lives with the module it serves
 * and receives this object through its deps.
 */
export interface Connectors {
  /** `<CONNECTOR>_<NAME>` from the environment if set, else the value stored from the console, else null. */
  secret(connector: string, name: string): Promise<string | null>;
  /** Stores a credential sealed (refused in Thai when no CONNECTOR_SECRETS_KEY is set). */
  storeSecret(
    ex: Executor,
    connector: string,
    name: string,
    value: string,
    staffId: number | null,
  ): Promise<void>;
  removeSecret(ex: Executor, connector: string, name: string): Promise<boolean>;
  /** The names (never the values) of the stored secrets and of the environment's, per connector. */
  secretNames(
    connector: string,
  ): Promise<{ name: string; source: 'env' | 'console'; updated_at: string | null }[]>;
  /** A call out: timed out (default 10 s), recorded; throws ConnectorCallError when no answer came. */
  fetch(
    connector: string,
    operation: string,
    url: string,
    init?: RequestInit & { timeoutMs?: number; requestId?: string },
  ): Promise<Response>;
  /** Records a call made another way (an SDK); `error` must not contain a secret. */
  recordOutcome(r: Omit<CallRecord, 'at' | 'request_id'> & { request_id?: string }): Promise<void>;
  /** True the first time (connector, eventId) is seen: a webhook's replay answers without doing anything. */
  firstDelivery(ex: Executor, connector: string, eventId: string): Promise<boolean>;
  register(c: ConnectorInfo): void;
  list(): Promise<ConnectorState[]>;
  /** The registered connector by code, for the console's test-send. */
  get(code: string): ConnectorInfo | undefined;
  /** Removes call records and event ids past the retention (a daily job). */
  prune(): Promise<void>;
  /** Re-seals the secrets sealed under the previous key with the current one (start-up, rotation). */
  rotate(): Promise<number>;
}

export interface ConnectorInfo {
  code: string;
  /** Thai, for the console. */
  label: string;
  kind: 'sms' | 'line' | 'payment' | 'wallet' | 'relay' | 'games' | 'results';
  /** The secret names the owner may enter in the console (the environment may set them instead). */
  secrets: readonly string[];
  configured(): Promise<boolean>;
  /** Sends a test through the connector (the owner's test-send); answers a Thai line of what happened. */
  testSend?(input: { to?: string }): Promise<string>;
}

export interface ConnectorState {
  code: string;
  label: string;
  kind: ConnectorInfo['kind'];
  configured: boolean;
  can_test: boolean;
  secrets: { name: string; source: 'env' | 'console' | 'unset'; updated_at: string | null }[];
  calls_24h: number;
  errors_24h: number;
  error_rate_24h: number;
  last_ok_at: string | null;
  last_error_at: string | null;
  last_error: string | null;
}

export class ConnectorCallError extends Error {
  constructor(
    readonly connector: string,
    readonly kind: 'timeout' | 'network',
    message: string,
  ) {
    super(message);
    this.name = 'ConnectorCallError';
  }
}

export const CALL_RETENTION_DAYS = 30;
const SECRET_CACHE_MS = 30_000;
const DAY_MS = 86_400_000;

function envName(connector: string, name: string): string {
  return `${connector}_${name}`.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
}

/** The error's name and code only: a fetch error's message may carry the URL and its query string. */
function describe(err: unknown): string {
  const e = err as { name?: string; code?: string; cause?: { code?: string; name?: string } };
  return [e?.name, e?.code ?? e?.cause?.code ?? e?.cause?.name].filter(Boolean).join(' ').slice(0, 200);
}

export function createConnectors(d: {
  db: Db;
  clock: Clock;
  env: Record<string, string | undefined>;
  key: SecretKey | null;
  previousKey: SecretKey | null;
}): Connectors {
  const registry = new Map<string, ConnectorInfo>();
  // Credentials read from the database, kept for SECRET_CACHE_MS: adapters ask on every payment or
  // message, and a change made in the console reaches other processes within that time.
  const secretCache = new Map<string, { at: number; value: string | null }>();
  const fromEnv = (connector: string, name: string) => {
    const v = d.env[envName(connector, name)];
    return v === undefined || v === '' ? null : v;
  };
  const record = async (r: Omit<CallRecord, 'at' | 'request_id'> & { request_id?: string }) => {
    await insertCall(d.db, { ...r, request_id: r.request_id ?? randomUUID(), at: d.clock.now() });
  };

  type SecretSource = { name: string; source: 'env' | 'console'; updated_at: string | null };
  async function secretNames(connector: string): Promise<SecretSource[]> {
    const info = registry.get(connector);
    const stored = await storedSecretNames(d.db, connector);
    const names = new Set([...(info?.secrets ?? []), ...stored.map((s) => s.name)]);
    return [...names].flatMap((name): SecretSource[] => {
      if (fromEnv(connector, name) !== null) return [{ name, source: 'env' as const, updated_at: null }];
      const s = stored.find((x) => x.name === name);
      return s ? [{ name, source: 'console' as const, updated_at: s.updated_at.toISOString() }] : [];
    });
  }

  return {
    async secret(connector, name) {
      const env = fromEnv(connector, name);
      if (env !== null) return env;
      const key = `${connector}\u0000${name}`;
      // Wall time on purpose: the age of a cache entry, not a time of the domain.
      const hit = secretCache.get(key);
      if (hit && Date.now() - hit.at < SECRET_CACHE_MS) return hit.value;
      const row = await secretRow(d.db, connector, name);
      let value: string | null = null;
      for (const k of [d.key, d.previousKey]) {
        if (row && k && k.id === row.key_id) value = unseal(k, connector, name, row.sealed);
      }
      secretCache.set(key, { at: Date.now(), value });
      return value;
    },
    async storeSecret(ex, connector, name, value, staffId) {
      if (!d.key) throw new AppError('CONNECTOR_KEY_MISSING');
      secretCache.delete(`${connector}\u0000${name}`);
      await upsertSecret(ex, {
        connector,
        name,
        sealed: seal(d.key, connector, name, value),
        key_id: d.key.id,
        updated_at: d.clock.now(),
        updated_by: staffId,
      });
    },
    removeSecret(ex, connector, name) {
      secretCache.delete(`${connector}\u0000${name}`);
      return deleteSecret(ex, connector, name);
    },
    secretNames,
    async fetch(connector, operation, url, init = {}) {
      const { timeoutMs = 10_000, requestId = randomUUID(), ...rest } = init;
      const started = performance.now();
      const elapsed = () => Math.max(0, Math.round(performance.now() - started));
      let res: Response;
      try {
        res = await fetch(url, { ...rest, signal: AbortSignal.timeout(timeoutMs) });
      } catch (err) {
        const timeout = (err as { name?: string })?.name === 'TimeoutError';
        await record({
          connector,
          operation,
          request_id: requestId,
          outcome: timeout ? 'timeout' : 'error',
          http_status: null,
          latency_ms: elapsed(),
          error: timeout ? `no answer in ${timeoutMs} ms` : describe(err),
        });
        throw new ConnectorCallError(connector, timeout ? 'timeout' : 'network', describe(err));
      }
      const ok = res.status >= 200 && res.status < 300;
      await record({
        connector,
        operation,
        request_id: requestId,
        outcome: ok ? 'ok' : 'error',
        http_status: res.status,
        latency_ms: elapsed(),
        error: ok ? null : `HTTP ${res.status}`,
      });
      return res;
    },
    recordOutcome: record,
    firstDelivery: (ex, connector, eventId) => insertEvent(ex, connector, eventId, d.clock.now()),
    register(c) {
      registry.set(c.code, c);
    },
    get: (code) => registry.get(code),
    async list() {
      const summaries = await callSummaries(d.db, new Date(d.clock.now().getTime() - DAY_MS));
      const out: ConnectorState[] = [];
      for (const c of registry.values()) {
        const s = summaries.find((x) => x.connector === c.code);
        const present = await secretNames(c.code);
        const calls = s?.calls ?? 0;
        const errors = s?.errors ?? 0;
        out.push({
          code: c.code,
          label: c.label,
          kind: c.kind,
          configured: await c.configured(),
          can_test: c.testSend !== undefined,
          secrets: c.secrets.map((name) => {
            const p = present.find((x) => x.name === name);
            return p ?? { name, source: 'unset' as const, updated_at: null };
          }),
          calls_24h: calls,
          errors_24h: errors,
          error_rate_24h: calls === 0 ? 0 : errors / calls,
          last_ok_at: s?.last_ok_at?.toISOString() ?? null,
          last_error_at: s?.last_error_at?.toISOString() ?? null,
          last_error: s?.last_error ?? null,
        });
      }
      return out;
    },
    async prune() {
      const before = new Date(d.clock.now().getTime() - CALL_RETENTION_DAYS * DAY_MS);
      await deleteCallsBefore(d.db, before);
      await deleteEventsBefore(d.db, before);
    },
    async rotate() {
      const { key, previousKey } = d;
      if (!key || !previousKey || key.id === previousKey.id) return 0;
      return d.db.transaction().execute(async (tx) => {
        const rows = await secretRowsSealedBy(tx, previousKey.id);
        for (const r of rows) {
          const value = unseal(previousKey, r.connector, r.name, r.sealed);
          if (value === null) continue;
          await upsertSecret(tx, {
            connector: r.connector,
            name: r.name,
            sealed: seal(key, r.connector, r.name, value),
            key_id: key.id,
            updated_at: d.clock.now(),
            updated_by: null,
          });
        }
        return rows.length;
      });
    },
  };
}

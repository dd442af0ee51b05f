import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from './db.ts';

const AUDIT_CHAIN_LOCK = 7_341_002;

export interface AuditEntry {
  actorType: 'staff' | 'member' | 'system';
  actorId: number | null;
  action: string;
  entity: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** JSON with sorted keys, so the same record always hashes the same. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/**
 * Appends to the hash-chained audit log inside the caller's transaction. The chain is serialised by
 * a transaction-scoped advisory lock; audit writes are operator-paced, so this is never hot.
 */
export async function appendAudit(tx: Executor, e: AuditEntry): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`.execute(tx);
  const last = await tx
    .selectFrom('audit_log')
    .select('hash')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const prev = last?.hash ?? null;
  const record = canonical({
    actor_type: e.actorType,
    actor_id: e.actorId,
    action: e.action,
    entity: e.entity,
    entity_id: e.entityId === null ? null : String(e.entityId),
    before: e.before ?? null,
    after: e.after ?? null,
  });
  const hash = createHash('sha256')
    .update(prev ?? Buffer.alloc(0))
    .update(record)
    .digest();
  await tx
    .insertInto('audit_log')
    .values({
      actor_type: e.actorType,
      actor_id: e.actorId,
      action: e.action,
      entity: e.entity,
      entity_id: e.entityId === null ? null : String(e.entityId),
      before: e.before === undefined ? null : JSON.stringify(e.before),
      after: e.after === undefined ? null : JSON.stringify(e.after),
      prev_hash: prev,
      hash,
    })
    .execute();
}

/** Recomputes the chain; returns the id of the first broken link, or null when intact. */
export async function verifyAuditChain(ex: Executor): Promise<number | null> {
  const rows = await ex.selectFrom('audit_log').selectAll().orderBy('id').execute();
  let prev: Buffer | null = null;
  for (const r of rows) {
    const record = canonical({
      actor_type: r.actor_type,
      actor_id: r.actor_id,
      action: r.action,
      entity: r.entity,
      entity_id: r.entity_id,
      before: r.before,
      after: r.after,
    });
    const expected: Buffer = createHash('sha256')
      .update(prev ?? Buffer.alloc(0))
      .update(record)
      .digest();
    if (
      !expected.equals(r.hash) ||
      !(prev === null ? r.prev_hash === null : prev.equals(r.prev_hash ?? Buffer.alloc(0)))
    ) {
      return r.id;
    }
    prev = r.hash;
  }
  return null;
}

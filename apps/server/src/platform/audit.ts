import { createHash } from 'node:crypto';
import type { AuditAction } from '@chok/contract/audit-actions';
import { sql } from 'kysely';
import type { Executor } from './db.ts';
import { pageOf } from './page.ts';

const AUDIT_CHAIN_LOCK = 7_341_002;

export interface AuditEntry {
  actorType: 'staff' | 'member' | 'system';
  actorId: number | null;
  /** One of the labelled keys (packages/contract/src/audit-actions.ts: the console shows their Thai names). */
  action: AuditAction;
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

function recordOf(r: {
  actor_type: string;
  actor_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
}): string {
  return canonical({
    actor_type: r.actor_type,
    actor_id: r.actor_id,
    action: r.action,
    entity: r.entity,
    entity_id: r.entity_id,
    before: r.before,
    after: r.after,
  });
}

export interface ChainCheck {
  rowsChecked: number;
  lastId: number | null;
  firstBroken: { id: number; created_at: Date; action: string; reason: 'hash' | 'prev_hash' } | null;
}

const VERIFY_BATCH = 2000;

/**
 * Recomputes the chain from the first row to the last, in id order (the order the advisory lock
 * appended them in), a batch at a time: each row's prev_hash must be the previous row's hash, and
 * its hash sha256(prev hash ‖ canonical record). Stops at the first broken row.
 */
export async function checkAuditChain(ex: Executor): Promise<ChainCheck> {
  let prev: Buffer | null = null;
  let after = 0;
  let rowsChecked = 0;
  for (;;) {
    const rows = await ex
      .selectFrom('audit_log')
      .selectAll()
      .where('id', '>', after)
      .orderBy('id')
      .limit(VERIFY_BATCH)
      .execute();
    for (const r of rows) {
      const id = r.id;
      const linked = prev === null ? r.prev_hash === null : r.prev_hash !== null && prev.equals(r.prev_hash);
      const expected: Buffer = createHash('sha256')
        .update(prev ?? Buffer.alloc(0))
        .update(recordOf(r))
        .digest();
      if (!linked || !expected.equals(r.hash)) {
        return {
          rowsChecked,
          lastId: after === 0 ? null : after,
          firstBroken: {
            id,
            created_at: r.created_at,
            action: r.action,
            reason: linked ? 'hash' : 'prev_hash',
          },
        };
      }
      prev = r.hash;
      after = id;
      rowsChecked++;
    }
    if (rows.length < VERIFY_BATCH)
      return { rowsChecked, lastId: after === 0 ? null : after, firstBroken: null };
  }
}

/** Recomputes the chain; returns the id of the first broken link, or null when intact. */
export async function verifyAuditChain(ex: Executor): Promise<number | null> {
  return (await checkAuditChain(ex)).firstBroken?.id ?? null;
}

export interface AuditFilter {
  actorType?: 'staff' | 'member' | 'system' | undefined;
  actorId?: number | undefined;
  /** A prefix of the action. */
  action?: string | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
}

/** The audit log, newest first, filtered and paged (the console's audit page). */
export async function auditPage(ex: Executor, f: AuditFilter, page: { limit: number; offset: number }) {
  let q = ex.selectFrom('audit_log');
  if (f.actorType) q = q.where('actor_type', '=', f.actorType);
  if (f.actorId !== undefined) q = q.where('actor_id', '=', f.actorId);
  if (f.action) q = q.where('action', 'like', `${f.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (f.entity) q = q.where('entity', '=', f.entity);
  if (f.entityId) q = q.where('entity_id', '=', f.entityId);
  if (f.from) q = q.where('created_at', '>=', f.from);
  if (f.to) q = q.where('created_at', '<', f.to);
  return pageOf(
    q,
    (q) =>
      q
        .select([
          'id',
          'created_at',
          'actor_type',
          'actor_id',
          'action',
          'entity',
          'entity_id',
          'before',
          'after',
        ])
        .orderBy('id', 'desc'),
    page,
  );
}

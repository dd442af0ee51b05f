import type { ContentKind } from '@chok/contract/api/admin';
import { findBank } from '@chok/contract/banks';
import { appendAudit } from '../../platform/audit.ts';
import { inTransaction, isUniqueViolation } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { ContentDeps } from './deps.ts';
import * as q from './editing-queries.ts';
import { dropPublicCache, PUBLIC_CHANGED_TOPIC } from './published.ts';

// Operator editing: one generic path over the content tables, every change audited.

function wire(row: q.Row) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out as { id: number; updated_at: string } & Record<string, unknown>;
}

function checkBank(kind: ContentKind, input: Record<string, unknown>): void {
  if (kind === 'bank_accounts' && typeof input.bank_code === 'string' && !findBank(input.bank_code)) {
    throw new AppError('BANK_NOT_SUPPORTED', {}, { bank_code: new AppError('BANK_NOT_SUPPORTED').message });
  }
}

const WINDOW_MESSAGE = 'เวลาสิ้นสุดต้องอยู่หลังเวลาเริ่ม';

function duplicate(err: unknown): never {
  if (isUniqueViolation(err)) throw new AppError('DUPLICATE_RECORD');
  // An edit of one edge that puts the end before the start (the table's window CHECK).
  if (
    (err as { code?: unknown; constraint?: unknown })?.code === '23514' &&
    /_window$/.test(String((err as { constraint?: unknown }).constraint))
  ) {
    throw new AppError('VALIDATION_FAILED', {}, { end_at: WINDOW_MESSAGE });
  }
  // An event naming a poll that does not exist (the event's poll_id reference).
  if (
    (err as { code?: unknown; constraint?: unknown })?.code === '23503' &&
    /poll_id/.test(String((err as { constraint?: unknown }).constraint))
  ) {
    throw new AppError('VALIDATION_FAILED', {}, { poll_id: 'ไม่พบโพลนี้' });
  }
  throw err;
}

/** An active window (docs/rules/engagement.md §13) must end after it starts. */
function checkWindow(input: Record<string, unknown>): void {
  const { start_at: start, end_at: end } = input;
  if (typeof start === 'string' && typeof end === 'string' && Date.parse(end) <= Date.parse(start)) {
    throw new AppError('VALIDATION_FAILED', {}, { end_at: WINDOW_MESSAGE });
  }
}

export async function list(d: ContentDeps, kind: ContentKind) {
  return (await q.listRows(d.db, kind, d.agentId)).map(wire);
}

export async function create(
  d: ContentDeps,
  kind: ContentKind,
  input: Record<string, unknown>,
  staffId: number,
) {
  checkBank(kind, input);
  checkWindow(input);
  return inTransaction(d.db, async (tx) => {
    const row = await q.insertRow(tx, kind, d.agentId, input).catch(duplicate);
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'content.create',
      entity: q.CONTENT_TABLES[kind],
      entityId: row.id,
      after: wire(row),
    });
    await d.events.publish(tx, PUBLIC_CHANGED_TOPIC, 'changed', { kind });
    return wire(row);
  }).finally(() => dropPublicCache(d));
}

export async function update(
  d: ContentDeps,
  kind: ContentKind,
  id: number,
  input: Record<string, unknown>,
  staffId: number,
) {
  checkBank(kind, input);
  checkWindow(input);
  return inTransaction(d.db, async (tx) => {
    const before = await q.lockRow(tx, kind, id, d.agentId);
    if (!before) throw new AppError('RECORD_NOT_FOUND');
    const row = await q.updateRow(tx, kind, id, input, d.clock.now()).catch(duplicate);
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'content.update',
      entity: q.CONTENT_TABLES[kind],
      entityId: id,
      before: wire(before),
      after: wire(row),
    });
    await d.events.publish(tx, PUBLIC_CHANGED_TOPIC, 'changed', { kind });
    return wire(row);
  }).finally(() => dropPublicCache(d));
}

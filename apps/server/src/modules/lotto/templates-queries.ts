import { sql } from 'kysely';
import type { Executor, Tx } from '../../platform/db.ts';
import type { RateChanges } from './admin-rates.ts';

export type TemplateLimit = {
  bet_type: string;
  number: string;
  action: 'closed' | 'reduced_rate' | 'capped';
  /** Two decimals, or null (reduced_rate: half the round's rate). */
  rate: string | null;
  /** Satang, or null. */
  cap: number | null;
};

export interface TemplateRow {
  id: number;
  market_id: number;
  market_name: string;
  name: string;
  rates: RateChanges | null;
  number_limits: TemplateLimit[];
  is_active: boolean;
  updated_at: Date;
  updated_by: string | null;
}

const columns = sql`t.id, t.market_id, m.name AS market_name, t.name, t.rates, t.number_limits, t.is_active,
  t.updated_at, s.username AS updated_by`;

export async function templateList(ex: Executor, marketId?: number): Promise<TemplateRow[]> {
  const { rows } = await sql<TemplateRow>`
    SELECT ${columns} FROM lotto_template t JOIN lotto_market m ON m.id = t.market_id
    LEFT JOIN staff s ON s.id = t.updated_by
    WHERE ${marketId === undefined ? sql`true` : sql`t.market_id = ${marketId}`}
    ORDER BY m.sort_order, t.market_id, t.is_active DESC, t.id`.execute(ex);
  return rows;
}

export async function templateById(ex: Executor, id: number, lock = false): Promise<TemplateRow | undefined> {
  const { rows } = await sql<TemplateRow>`
    SELECT ${columns} FROM lotto_template t JOIN lotto_market m ON m.id = t.market_id
    LEFT JOIN staff s ON s.id = t.updated_by WHERE t.id = ${id} ${lock ? sql`FOR UPDATE OF t` : sql``}`.execute(
    ex,
  );
  return rows[0];
}

/** Every market's active template (the scheduler's read). */
export async function activeTemplates(ex: Executor) {
  return ex
    .selectFrom('lotto_template')
    .select(['id', 'market_id', 'rates', 'number_limits'])
    .where('is_active', '=', true)
    .execute();
}

export async function deactivateTemplates(tx: Tx, marketId: number, exceptId: number | null): Promise<void> {
  await tx
    .updateTable('lotto_template')
    .set({ is_active: false })
    .where('market_id', '=', marketId)
    .where('is_active', '=', true)
    .$if(exceptId !== null, (q) => q.where('id', '<>', exceptId!))
    .execute();
}

/** A template's saved fields, who saved them and when. */
export interface TemplateWrite {
  name: string;
  rates: string | null;
  number_limits: string;
  is_active: boolean;
  at: Date;
  staff_id: number;
}

/** The columns a save writes (both an insert and an update). */
const savedColumns = (t: TemplateWrite) => ({
  name: t.name,
  rates: t.rates,
  number_limits: t.number_limits,
  is_active: t.is_active,
  updated_at: t.at,
  updated_by: t.staff_id,
});

export async function insertTemplate(tx: Tx, t: TemplateWrite & { market_id: number }): Promise<number> {
  const row = await tx
    .insertInto('lotto_template')
    .values({ ...savedColumns(t), market_id: t.market_id, created_at: t.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTemplate(tx: Tx, id: number, t: TemplateWrite): Promise<void> {
  await tx.updateTable('lotto_template').set(savedColumns(t)).where('id', '=', id).execute();
}

export async function removeTemplate(tx: Tx, id: number): Promise<boolean> {
  const r = await tx.deleteFrom('lotto_template').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Inserts a template's เลขอั้น on new rounds (skipping any the round already has). */
export async function insertTemplateLimits(
  ex: Executor,
  rows: { round_id: number; limits: TemplateLimit[] }[],
): Promise<void> {
  const values = rows.flatMap((r) =>
    r.limits.map((l) => ({
      round_id: r.round_id,
      bet_type: l.bet_type,
      number: l.number,
      action: l.action,
      rate: l.rate,
      cap: l.cap,
    })),
  );
  if (values.length === 0) return;
  await ex
    .insertInto('lotto_number_limit')
    .values(values)
    .onConflict((oc) => oc.columns(['round_id', 'bet_type', 'number']).doNothing())
    .execute();
}

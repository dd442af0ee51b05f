import type { ContentKind } from '@chok/contract/api/admin';
import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/** The table of each kind of content the operator edits. */
export const CONTENT_TABLES: Record<ContentKind, string> = {
  notifications: 'notification',
  banners: 'banner',
  events: 'event',
  promotions: 'promotion',
  bank_accounts: 'agent_bank_account',
  true_money_accounts: 'agent_true_money_account',
};

export type Row = Record<string, unknown> & { id: number; updated_at: Date };

export async function listRows(ex: Executor, kind: ContentKind, agentId: number): Promise<Row[]> {
  const { rows } = await sql<Row>`
    SELECT * FROM ${sql.table(CONTENT_TABLES[kind])} WHERE agent_id = ${agentId} ORDER BY sort_order, id`.execute(
    ex,
  );
  return rows;
}

/** Inserts a row of the agent's with the given columns. */
export async function insertRow(
  ex: Executor,
  kind: ContentKind,
  agentId: number,
  input: Record<string, unknown>,
): Promise<Row> {
  const cols = Object.keys(input);
  const { rows } = await sql<Row>`
    INSERT INTO ${sql.table(CONTENT_TABLES[kind])} (agent_id, ${sql.join(cols.map((c) => sql.ref(c)))})
    VALUES (${agentId}, ${sql.join(cols.map((c) => input[c]))})
    RETURNING *`.execute(ex);
  return rows[0]!;
}

/** The agent's row, locked; undefined when the agent has no such row. */
export async function lockRow(ex: Executor, kind: ContentKind, id: number, agentId: number) {
  const { rows } = await sql<Row>`
    SELECT * FROM ${sql.table(CONTENT_TABLES[kind])} WHERE id = ${id} AND agent_id = ${agentId} FOR UPDATE`.execute(
    ex,
  );
  return rows[0];
}

/** Sets the given columns (undefined ones are left alone) and `updated_at`. */
export async function updateRow(
  ex: Executor,
  kind: ContentKind,
  id: number,
  input: Record<string, unknown>,
  now: Date,
): Promise<Row> {
  const cols = Object.keys(input).filter((c) => input[c] !== undefined);
  const sets = [...cols.map((c) => sql`${sql.ref(c)} = ${input[c]}`), sql`updated_at = ${now}`];
  const { rows } = await sql<Row>`
    UPDATE ${sql.table(CONTENT_TABLES[kind])} SET ${sql.join(sets)} WHERE id = ${id} RETURNING *`.execute(ex);
  return rows[0]!;
}

/**
 * An event that leads to a poll (its link is then `/poll/{poll_id}`, docs/rules/engagement.md §10;
 * the polls module's demo seed).
 */
export async function insertPollEvent(
  ex: Executor,
  e: { agent_id: number; title: string; image: string; poll_id: number; sort_order: number },
): Promise<number> {
  const row = await ex
    .insertInto('event')
    .values({ ...e, link: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

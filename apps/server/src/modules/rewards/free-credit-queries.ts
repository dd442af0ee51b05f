import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

export interface FreeCreditStateRow {
  granted_satang: number;
  requirement_satang: number;
  cap_satang: number;
  since: Date;
  resets: number;
}

/** The member's free-credit state, created empty on first use, locked for this transaction. */
export async function lockState(ex: Executor, memberId: number, now: Date): Promise<FreeCreditStateRow> {
  await sql`INSERT INTO free_credit_state (member_id, since) VALUES (${memberId}, ${now})
    ON CONFLICT (member_id) DO NOTHING`.execute(ex);
  const row = await ex
    .selectFrom('free_credit_state')
    .select(['granted_satang', 'requirement_satang', 'cap_satang', 'since', 'resets'])
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row;
}

export async function stateOf(ex: Executor, memberId: number): Promise<FreeCreditStateRow | undefined> {
  return ex
    .selectFrom('free_credit_state')
    .select(['granted_satang', 'requirement_satang', 'cap_satang', 'since', 'resets'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

export async function writeState(
  ex: Executor,
  memberId: number,
  s: Omit<FreeCreditStateRow, 'resets'> & { resets?: number },
): Promise<void> {
  await ex
    .updateTable('free_credit_state')
    .set({
      granted_satang: s.granted_satang,
      requirement_satang: s.requirement_satang,
      cap_satang: s.cap_satang,
      since: s.since,
      ...(s.resets === undefined ? {} : { resets: s.resets }),
    })
    .where('member_id', '=', memberId)
    .execute();
}

/** Members whose free credit is under a requirement, a page after member `after` (the minute sweep reads every page). */
export async function membersUnderRequirement(ex: Executor, after: number, limit: number): Promise<number[]> {
  const rows = await ex
    .selectFrom('free_credit_state')
    .select('member_id')
    .where('granted_satang', '>', 0)
    .where('member_id', '>', after)
    .orderBy('member_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.member_id);
}

import type { Executor } from '../../platform/db.ts';

export interface LinkRow {
  member_id: number;
  line_user_id: string;
  display_name: string | null;
  linked_at: Date;
}

const columns = ['member_id', 'line_user_id', 'display_name', 'linked_at'] as const;

export async function linkOf(ex: Executor, memberId: number): Promise<LinkRow | undefined> {
  return ex
    .selectFrom('member_line_link')
    .select(columns)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

export async function linkOfLineUser(ex: Executor, lineUserId: string): Promise<LinkRow | undefined> {
  return ex
    .selectFrom('member_line_link')
    .select(columns)
    .where('line_user_id', '=', lineUserId)
    .executeTakeFirst();
}

/** Links the member to a LINE account (replacing the one linked before, if any). */
export async function saveLink(ex: Executor, l: LinkRow): Promise<LinkRow> {
  return ex
    .insertInto('member_line_link')
    .values(l)
    .onConflict((oc) =>
      oc.column('member_id').doUpdateSet({
        line_user_id: l.line_user_id,
        display_name: l.display_name,
        linked_at: l.linked_at,
      }),
    )
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export async function deleteLink(ex: Executor, memberId: number): Promise<LinkRow | undefined> {
  return ex
    .deleteFrom('member_line_link')
    .where('member_id', '=', memberId)
    .returning(columns)
    .executeTakeFirst();
}

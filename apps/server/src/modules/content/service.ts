import type { ContentKind } from '@chok/contract/api/admin';
import { findBank } from '@chok/contract/banks';
import { sql } from 'kysely';
import { appendAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';

const TABLES: Record<ContentKind, string> = {
  notifications: 'notification',
  banners: 'banner',
  events: 'event',
  promotions: 'promotion',
  bank_accounts: 'agent_bank_account',
  true_money_accounts: 'agent_true_money_account',
};

type Row = Record<string, unknown> & { id: number; updated_at: Date };

function wire(row: Row) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out as { id: number; updated_at: string } & Record<string, unknown>;
}

export function createContentService(d: { db: Db; clock: Clock; agentId: number; agentCode: string }) {
  const { db, agentId } = d;

  function checkAgentCode(code: string | undefined): void {
    if (code !== undefined && code !== '' && code !== d.agentCode) throw new AppError('AGENT_NOT_FOUND');
  }

  function checkBank(kind: ContentKind, input: Record<string, unknown>): void {
    if (kind === 'bank_accounts' && typeof input.bank_code === 'string' && !findBank(input.bank_code)) {
      throw new AppError('BANK_NOT_SUPPORTED', {}, { bank_code: new AppError('BANK_NOT_SUPPORTED').message });
    }
  }

  function duplicate(err: unknown): never {
    if ((err as { code?: string }).code === '23505') throw new AppError('DUPLICATE_RECORD');
    throw err;
  }

  return {
    checkAgentCode,

    async agentConfig(code?: string) {
      checkAgentCode(code);
      const a = await db.selectFrom('agent').selectAll().where('id', '=', agentId).executeTakeFirstOrThrow();
      return {
        agent_id: a.id,
        agent_code: a.code,
        name: a.name,
        info: {
          agent_logo: a.logo_url,
          line_admin_url: a.line_admin_url,
          line_contact_url: a.line_contact_url,
        },
        server_time: d.clock.now().toISOString(),
      };
    },

    validateAgent(code: string) {
      checkAgentCode(code);
      return { valid: true as const, agent_id: agentId, agent_code: d.agentCode };
    },

    async bankAccounts() {
      const rows = await db
        .selectFrom('agent_bank_account')
        .select(['id', 'bank_code', 'account_no', 'account_name'])
        .where('agent_id', '=', agentId)
        .where('is_active', '=', true)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      return rows.map((r) => {
        const bank = findBank(r.bank_code);
        return { ...r, bank_short: bank?.short ?? r.bank_code, bank_name: bank?.name ?? r.bank_code };
      });
    },

    trueMoneyAccounts: () =>
      db
        .selectFrom('agent_true_money_account')
        .select(['id', 'phone', 'account_name'])
        .where('agent_id', '=', agentId)
        .where('is_active', '=', true)
        .orderBy('sort_order')
        .orderBy('id')
        .execute(),

    async notifications(code?: string) {
      checkAgentCode(code);
      return db
        .selectFrom('notification')
        .select(['id', 'type', 'title', 'description', 'image'])
        .where('agent_id', '=', agentId)
        .where('is_active', '=', true)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    async banners(code?: string) {
      checkAgentCode(code);
      return db
        .selectFrom('banner')
        .select(['id', 'title', 'image', 'link'])
        .where('agent_id', '=', agentId)
        .where('is_active', '=', true)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    async events(code?: string) {
      checkAgentCode(code);
      return db
        .selectFrom('event')
        .select(['id', 'title', 'image', 'link'])
        .where('agent_id', '=', agentId)
        .where('is_active', '=', true)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    async promotions(code?: string) {
      checkAgentCode(code);
      return db
        .selectFrom('promotion')
        .select(['id', 'title', 'description', 'image', 'terms'])
        .where('agent_id', '=', agentId)
        .where('is_active', '=', true)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    // Operator editing: one generic path over the content tables, every change audited.

    async list(kind: ContentKind) {
      const { rows } = await sql<Row>`
        SELECT * FROM ${sql.table(TABLES[kind])} WHERE agent_id = ${agentId} ORDER BY sort_order, id`.execute(
        db,
      );
      return rows.map(wire);
    },

    async create(kind: ContentKind, input: Record<string, unknown>, staffId: number) {
      checkBank(kind, input);
      const cols = Object.keys(input);
      return inTransaction(db, async (tx) => {
        const { rows } = await sql<Row>`
          INSERT INTO ${sql.table(TABLES[kind])} (agent_id, ${sql.join(cols.map((c) => sql.ref(c)))})
          VALUES (${agentId}, ${sql.join(cols.map((c) => input[c]))})
          RETURNING *`
          .execute(tx)
          .catch(duplicate);
        const row = rows[0]!;
        await appendAudit(tx, {
          actorType: 'staff',
          actorId: staffId,
          action: 'content.create',
          entity: TABLES[kind],
          entityId: row.id,
          after: wire(row),
        });
        return wire(row);
      });
    },

    async update(kind: ContentKind, id: number, input: Record<string, unknown>, staffId: number) {
      checkBank(kind, input);
      const cols = Object.keys(input).filter((c) => input[c] !== undefined);
      return inTransaction(db, async (tx) => {
        const table = sql.table(TABLES[kind]);
        const before =
          await sql<Row>`SELECT * FROM ${table} WHERE id = ${id} AND agent_id = ${agentId} FOR UPDATE`.execute(
            tx,
          );
        if (!before.rows[0]) throw new AppError('RECORD_NOT_FOUND');
        const sets = [
          ...cols.map((c) => sql`${sql.ref(c)} = ${input[c]}`),
          sql`updated_at = ${d.clock.now()}`,
        ];
        const { rows } = await sql<Row>`UPDATE ${table} SET ${sql.join(sets)} WHERE id = ${id} RETURNING *`
          .execute(tx)
          .catch(duplicate);
        const row = rows[0]!;
        await appendAudit(tx, {
          actorType: 'staff',
          actorId: staffId,
          action: 'content.update',
          entity: TABLES[kind],
          entityId: id,
          before: wire(before.rows[0]),
          after: wire(row),
        });
        return wire(row);
      });
    },

    async updateAgentConfig(
      input: {
        name?: string | undefined;
        agent_logo?: string | undefined;
        line_admin_url?: string | undefined;
        line_contact_url?: string | undefined;
      },
      staffId: number,
    ) {
      return inTransaction(db, async (tx) => {
        const before = await tx
          .selectFrom('agent')
          .selectAll()
          .where('id', '=', agentId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const after = await tx
          .updateTable('agent')
          .set({
            name: input.name ?? before.name,
            logo_url: input.agent_logo ?? before.logo_url,
            line_admin_url: input.line_admin_url ?? before.line_admin_url,
            line_contact_url: input.line_contact_url ?? before.line_contact_url,
            updated_at: d.clock.now(),
          })
          .where('id', '=', agentId)
          .returningAll()
          .executeTakeFirstOrThrow();
        await appendAudit(tx, {
          actorType: 'staff',
          actorId: staffId,
          action: 'agent.update',
          entity: 'agent',
          entityId: agentId,
          before,
          after,
        });
        return {
          name: after.name,
          agent_logo: after.logo_url,
          line_admin_url: after.line_admin_url,
          line_contact_url: after.line_contact_url,
        };
      });
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;

// ── For other modules (issue 10, added by the payments refactor; additive) ──

/** The agent's receiving accounts, read inside payments' transaction (main's service.ts exports the same). */
export {
  type BankAccountRow,
  type ReceivingKind,
  receivingAccount,
  receivingAccounts,
  type TrueMoneyAccountRow,
} from './account-queries.ts';
/** Payments' statements over content's tables (caller-named query file). */
export {
  depositRule,
  depositRules,
  lockActiveMemberPromotion,
  promotionRef,
  promotionRefs,
  promptPayAccounts,
  receivingAccountExists,
} from './payments-queries.ts';

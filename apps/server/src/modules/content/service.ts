/**
 * What other modules may use of the content module (docs/architecture.md): the agent's receiving
 * accounts and the promotion rows (payments reads and writes them inside its own transactions, so
 * each takes an executor), an event leading to a poll, and the service app.ts wires for the member
 * site's start-up payload. Payments' other reads of content's tables are its own statements, under
 * grants (payments/content-queries.ts).
 */
import type { Executor, Tx } from '../../platform/db.ts';
import * as accounts from './account-queries.ts';
import { agentConfig } from './agent.ts';
import type { ContentDeps } from './deps.ts';
import * as editing from './editing-queries.ts';
import * as promotions from './promotion-queries.ts';

export type { BankAccountRow, ReceivingKind, TrueMoneyAccountRow } from './account-queries.ts';

/** The agent's active receiving accounts of a kind (bank, TrueMoney), in the operator's order. */
export const receivingAccounts: typeof accounts.receivingAccounts = accounts.receivingAccounts;

/** One receiving account by id, active or not (a deposit request keeps the account it was given). */
export const receivingAccount: typeof accounts.receivingAccount = accounts.receivingAccount;

export function createContentService(d: ContentDeps) {
  return {
    /** The agent's config for the member site's start-up payload. */
    agentConfig: (code?: string) => agentConfig(d, code),
    /** `listener` runs after every operator edit of notifications, banners or events. */
    onPublicChange: (listener: () => void) => {
      d.publicListeners.add(listener);
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;

// ── Promotions (the operator's promotion editor in payments, its seed, the console) ──

/** Every promotion's id and title in the operator's order (the payments seed attaches demo rules). */
export function promotionRefs(ex: Executor): ReturnType<typeof promotions.promotionRefs> {
  return promotions.promotionRefs(ex);
}

/** A new promotion, offered at once (its deposit rule is payments' row). */
export function insertPromotion(
  tx: Tx,
  p: Parameters<typeof promotions.insertPromotion>[1],
): ReturnType<typeof promotions.insertPromotion> {
  return promotions.insertPromotion(tx, p);
}

/** The promotion is no longer offered (ended, or replaced by a new version). */
export function withdrawPromotion(tx: Tx, id: number, now: Date): Promise<void> {
  return promotions.withdrawPromotion(tx, id, now);
}

// ── For polls ──

/**
 * An event that leads to a poll (its link is then `/poll/{poll_id}`, docs/rules/engagement.md §10;
 * the polls module's demo seed).
 */
export function insertPollEvent(
  ex: Executor,
  e: Parameters<typeof editing.insertPollEvent>[1],
): Promise<number> {
  return editing.insertPollEvent(ex, e);
}

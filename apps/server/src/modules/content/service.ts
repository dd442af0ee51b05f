/**
 * What other modules may use of the content module (docs/architecture.md): the agent's receiving
 * accounts (payments reads them inside its deposit transaction, so each takes an executor), and the
 * service app.ts wires for the member site's start-up payload.
 */
import { agentConfig } from './agent.ts';
import type { ContentDeps } from './deps.ts';

export {
  type BankAccountRow,
  type ReceivingKind,
  receivingAccount,
  receivingAccounts,
  type TrueMoneyAccountRow,
} from './account-queries.ts';

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

// ── For payments ──

/** Payments' statements over content's tables (caller-named query file). */
export {
  adminPromotionRows,
  depositRule,
  depositRules,
  insertPromotion,
  lockActiveMemberPromotion,
  lockPromotionWithRule,
  memberPromotionHistory,
  offeredPromotions,
  promotionRef,
  promotionRefs,
  promptPayAccounts,
  receivingAccountExists,
  withdrawPromotion,
} from './payments-queries.ts';

// ── For polls ──

/** An event leading to a poll (the polls module's demo seed; caller-named query file). */
export { insertPollEvent } from './polls-queries.ts';

import { normaliseCounterparty } from '@chok/engine/payments/statement-match';
import { errors as joseErrors, jwtVerify } from 'jose';
import { z } from 'zod';
import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { receivingAccountExists } from './content-queries.ts';
import type { PaymentsDeps } from './deps.ts';
import { loadSettings } from './settings.ts';
import { storeLine } from './statement.ts';
import { lockAccountLines } from './statement-queries.ts';

/**
 * The TrueMoney wallet's webhook (docs/rules/payments.md §3.5).
 *
 * Sources: TrueMoney offers the owner of a wallet that receives many payments a webhook, set up in the
 * TrueMoney Wallet app (its webhook settings give the URL to call and a secret). Every receipt is
 * POSTed as JSON `{"message": "<JWT>"}`, the JWT signed HS256 with that secret, its payload carrying
 * `event_type` ("P2P" for a transfer from another wallet), `transaction_id`, `amount` (satang),
 * `sender_mobile`, `message` (the sender's note) and `received_time` (ISO 8601, +07:00). TrueMoney
 * gives this description to the wallet's owner with the settings rather than on a public API
 * reference; what we could read publicly is the integrators' write-up at
 * https://blog-qka.pages.dev/posts/true-money-wallet-webhook. The operator checks the names against
 * the page TrueMoney shows when the webhook is set up (docs/operations.md, "TrueMoney webhook").
 */

/** How old (or how far ahead) a delivery's `received_time` / `iat` may be. */
export const WALLET_WEBHOOK_WINDOW_MS = 15 * 60_000;
const AHEAD_MS = 5 * 60_000;

const p2pPayload = z.object({
  event_type: z.string(),
  transaction_id: z.union([z.string().min(1).max(100), z.number().int().nonnegative()]).transform(String),
  amount: z.number().int().positive().max(100_000_000),
  sender_mobile: z.string().max(32),
  received_time: z.string().max(40),
  message: z.string().max(1000).optional().nullable(),
  iat: z.number().optional(),
});

/** `2026-03-01T14:07:00+0700` (no colon in the offset) or any ISO 8601 with an offset, as an instant. */
function instantOf(text: string): Date | null {
  const iso = text.trim().replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(iso)) return null;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The receiving wallet's secret: `webhook_secret_<account id>` when set, else `webhook_secret`. */
async function webhookSecret(deps: PaymentsDeps, accountId: number): Promise<string | null> {
  return (
    (await deps.connectors.secret('truemoney', `webhook_secret_${accountId}`)) ??
    (await deps.connectors.secret('truemoney', 'webhook_secret'))
  );
}

/** Verifies a delivery: signature (HS256 only), expiry, and the age of `iat` and `received_time`. */
export async function verifyWalletEvent(deps: PaymentsDeps, accountId: number, token: string) {
  const secret = await webhookSecret(deps, accountId);
  if (secret === null) throw new AppError('WEBHOOK_NOT_CONFIGURED');
  const now = deps.clock.now();
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      currentDate: now,
    }));
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new AppError('WEBHOOK_STALE');
    if (err instanceof joseErrors.JWTClaimValidationFailed) throw new AppError('WEBHOOK_STALE');
    throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  }
  const parsed = p2pPayload.safeParse(claims);
  if (!parsed.success) throw new AppError('WEBHOOK_EVENT_INVALID');
  const e = parsed.data;
  const receivedAt = instantOf(e.received_time);
  if (receivedAt === null) throw new AppError('WEBHOOK_EVENT_INVALID');
  const inWindow = (at: number) =>
    at >= now.getTime() - WALLET_WEBHOOK_WINDOW_MS && at <= now.getTime() + AHEAD_MS;
  if (!inWindow(receivedAt.getTime()) || (e.iat !== undefined && !inWindow(e.iat * 1000))) {
    throw new AppError('WEBHOOK_STALE');
  }
  return { ...e, receivedAt };
}

export type WalletWebhookOutcome = 'matched' | 'unmatched' | 'twin' | 'duplicate' | 'ignored';

/**
 * One verified delivery: a P2P receipt becomes a credit line of the receiving wallet, stored and
 * matched in one transaction with its transaction id recorded (a replay, or a parallel second
 * delivery, finds the id and does nothing). Other event types are acknowledged and ignored.
 */
export async function receiveWalletWebhook(
  deps: PaymentsDeps,
  accountId: number,
  token: string,
): Promise<{ duplicate: boolean; outcome: WalletWebhookOutcome }> {
  const e = await verifyWalletEvent(deps, accountId, token);
  if (e.event_type !== 'P2P') return { duplicate: false, outcome: 'ignored' };
  return inTransaction(deps.db, async (tx) => {
    if (!(await receivingAccountExists(tx, 'truemoney', accountId))) throw new AppError('NOT_FOUND');
    if (!(await deps.connectors.firstDelivery(tx, 'truemoney', e.transaction_id))) {
      return { duplicate: true, outcome: 'duplicate' as const };
    }
    await lockAccountLines(tx, 'truemoney', accountId);
    const settings = await loadSettings(tx);
    const { outcome } = await storeLine(
      deps,
      tx,
      {
        import_id: null,
        source: 'wallet_webhook',
        account_kind: 'truemoney',
        account_id: accountId,
        posted_at: e.receivedAt,
        amount_satang: e.amount,
        counterparty: normaliseCounterparty(e.sender_mobile),
        bank_ref: e.transaction_id,
        occurrence_no: 1,
        description: (e.message ?? '').slice(0, 300),
        status: 'unmatched',
        created_at: deps.clock.now(),
      },
      settings.late_match_minutes,
    );
    return { duplicate: outcome === 'duplicate', outcome };
  });
}

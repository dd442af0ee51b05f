import { createHmac, timingSafeEqual } from 'node:crypto';
import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { receivingAccount } from '../content/service.ts';
import { readBankText } from './bank-texts.ts';
import { receivingAccountExists } from './content-queries.ts';
import type { PaymentsDeps } from './deps.ts';
import { loadSettings } from './settings.ts';
import { type LineOutcome, storeLine } from './statement.ts';
import { lockAccountLines } from './statement-queries.ts';

/**
 * The bank-notification relay (docs/rules/payments.md §3.6): the operator's own phone forwards the text
 * of a receiving account's "money in" SMS or app notification. Chok's own protocol (no provider behind
 * it): the body is JSON `{account_id, text}`, and three headers sign it —
 *   X-Relay-Timestamp: Unix time in seconds, within 5 minutes of the server's clock;
 *   X-Relay-Nonce:     16–128 characters [A-Za-z0-9_-], never sent twice;
 *   X-Relay-Signature: lowercase hex HMAC-SHA256, keyed with the relay secret, of
 *                      `<timestamp>.<nonce>.<raw body bytes>`.
 * The recipe and a reference sender are in docs/operations.md and scripts/relay-send.ts.
 */
export const RELAY_WINDOW_S = 5 * 60;
const NONCE = /^[A-Za-z0-9_-]{16,128}$/;

export function relaySignature(
  secret: string,
  timestamp: string,
  nonce: string,
  raw: Buffer | string,
): string {
  return createHmac('sha256', secret)
    .update(`${timestamp}.${nonce}.`)
    .update(typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw)
    .digest('hex');
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string {
  const v = headers[name];
  return (Array.isArray(v) ? v[0] : v) ?? '';
}

/** Checks the signature and the timestamp; answers the nonce (single use is checked in the transaction). */
export async function verifyRelay(
  deps: PaymentsDeps,
  raw: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<string> {
  const secret = await deps.connectors.secret('relay', 'hmac_secret');
  if (secret === null) throw new AppError('WEBHOOK_NOT_CONFIGURED');
  const timestamp = header(headers, 'x-relay-timestamp');
  const nonce = header(headers, 'x-relay-nonce');
  const signature = header(headers, 'x-relay-signature').toLowerCase();
  if (!/^[0-9]{1,12}$/.test(timestamp) || !NONCE.test(nonce) || !/^[0-9a-f]{64}$/.test(signature)) {
    throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  }
  const expected = Buffer.from(relaySignature(secret, timestamp, nonce, raw), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex')))
    throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  const now = Math.floor(deps.clock.now().getTime() / 1000);
  if (Math.abs(now - Number(timestamp)) > RELAY_WINDOW_S) throw new AppError('WEBHOOK_STALE');
  return nonce;
}

/**
 * One relayed notification: verified, its nonce recorded once, its text read by the bank's reader,
 * and the line stored and matched like a statement line, in one transaction.
 */
export async function receiveRelay(
  deps: PaymentsDeps,
  raw: Buffer,
  headers: Record<string, string | string[] | undefined>,
  body: { account_id: number; text: string },
): Promise<{ outcome: LineOutcome; line_id: number | null }> {
  const nonce = await verifyRelay(deps, raw, headers);
  return inTransaction(deps.db, async (tx) => {
    if (!(await deps.connectors.firstDelivery(tx, 'relay', nonce))) throw new AppError('RELAY_NONCE_USED');
    if (!(await receivingAccountExists(tx, 'bank', body.account_id))) throw new AppError('RECORD_NOT_FOUND');
    const account = await receivingAccount(tx, 'bank', body.account_id);
    const read = readBankText(body.text, deps.clock.now(), account.bank_code);
    if (read === null) throw new AppError('RELAY_TEXT_UNKNOWN');
    await lockAccountLines(tx, 'bank', body.account_id);
    const settings = await loadSettings(tx);
    const { outcome, lineId } = await storeLine(
      deps,
      tx,
      {
        import_id: null,
        source: 'relay',
        account_kind: 'bank',
        account_id: body.account_id,
        posted_at: read.line.postedAt,
        amount_satang: read.line.amountSatang,
        counterparty: read.line.counterparty,
        bank_ref: null,
        occurrence_no: 1,
        description: read.line.description,
        status: 'unmatched',
        created_at: deps.clock.now(),
      },
      settings.late_match_minutes,
    );
    return { outcome, line_id: lineId };
  });
}

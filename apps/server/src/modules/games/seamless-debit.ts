import { raisedRefusal, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { raisedProtectionError } from '../protection/service.ts';
import type { WalletTypeId } from '../wallet/service.ts';
import {
  type DebitRequest,
  done,
  fingerprint,
  oneCallOrTransaction,
  opOf,
  replayStored,
  roundReference,
  SESSION_IDLE_MINUTES,
  type SeamlessDeps,
  systemAccount,
  txLedgerKey,
  validMember,
  type WalletAnswer,
  WalletRefusal,
} from './seamless-calls.ts';
import * as q from './seamless-queries.ts';

/** A debit's claim under the player's live session: its facts, fingerprint and the session idle limit. */
function debitClaim(r: DebitRequest, memberId: number, now: Date) {
  return {
    ...opOf(r, memberId),
    fingerprint: fingerprint('debit', r.roundId, r.game, r.amount, ''),
    now,
    idleSince: new Date(now.getTime() - SESSION_IDLE_MINUTES * 60_000),
  };
}

/**
 * A stake (docs/rules/casino.md §3): the debit's id claimed under the player's live session, the bet
 * booked from the session's wallet to the provider's account. In the caller's transaction (in-house
 * games); a refusal throws WalletRefusal.
 */
export async function debitIn(
  d: Pick<SeamlessDeps, 'ledger' | 'clock'>,
  tx: Tx,
  r: DebitRequest,
): Promise<WalletAnswer> {
  const memberId = validMember(r, false);
  if (memberId === null) throw new WalletRefusal('INVALID_REQUEST', null, null);
  const claim = debitClaim(r, memberId, d.clock.now());
  const fp = claim.fingerprint;
  const key = txLedgerKey(r);
  const { session, claimed } = await q.claimDebit(tx, claim);
  if (!claimed) {
    const replayed = await replayStored(tx, r, fp, key);
    if (replayed) return replayed;
    if (!session) throw new WalletRefusal('SESSION_EXPIRED', memberId, null);
    if (session.member_status !== 'active')
      throw new WalletRefusal('PLAYER_BLOCKED', memberId, session.wallet_type_id);
    throw new WalletRefusal('WALLET_NOT_ALLOWED', memberId, session.wallet_type_id);
  }
  const wallet = claimed.wallet_type_id as WalletTypeId;
  let transferId: number;
  try {
    ({ transferId } = await d.ledger.transfer(tx, {
      from: { member: memberId, wallet },
      to: systemAccount(r.provider),
      amount: r.amount,
      kind: 'bet',
      reference: roundReference(r, r.providerTxId),
      idempotencyKey: key,
    }));
  } catch (err) {
    if (err instanceof AppError && err.code === 'INSUFFICIENT_FUNDS') {
      throw new WalletRefusal('INSUFFICIENT_FUNDS', memberId, wallet);
    }
    // The bet guard of player protection (docs/rules/protection.md §2.3, §3.2): the provider hears
    // the player may not bet; an in-house game shows the member why and until when.
    const raised = raisedRefusal(err);
    const reason = raised ? raisedProtectionError(raised) : null;
    if (reason) throw new WalletRefusal('PLAYER_BLOCKED', memberId, wallet, reason);
    throw err;
  }
  return done(tx, memberId, wallet, transferId);
}

/**
 * A provider debit: one round trip when it is the common case (a live session, a new id, money
 * enough) or a retry of an id already stored, else the transaction of `debitIn`. A given nonce is
 * claimed first either way; a used one throws NonceReused.
 */
export async function debit(
  d: SeamlessDeps,
  r: DebitRequest,
  nonce: string | null = null,
): Promise<WalletAnswer> {
  const fast = (memberId: number) =>
    q.fastDebit(d.db, {
      nonce,
      ...debitClaim(r, memberId, d.clock.now()),
      ledgerKey: txLedgerKey(r),
      reference: roundReference(r, r.providerTxId),
    });
  return oneCallOrTransaction(d.db, r, nonce, validMember(r, false), fast, (tx) => debitIn(d, tx, r));
}

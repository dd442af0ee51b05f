import type { Tx } from '../../platform/db.ts';
import { MAIN_WALLET, type WalletTypeId } from '../wallet/service.ts';
import {
  type CreditRequest,
  done,
  fingerprint,
  oneCallOrTransaction,
  opOf,
  replayStored,
  roundReference,
  type SeamlessDeps,
  systemAccount,
  txKeyOf,
  txLedgerKey,
  validMember,
  type WalletAnswer,
  WalletRefusal,
} from './seamless-calls.ts';
import * as q from './seamless-queries.ts';

/**
 * A win (docs/rules/casino.md §3): the credit's id claimed, the win booked from the provider's
 * account to the wallet the bet came from, the bet settled (a win of 0 settles it too). In the
 * caller's transaction (in-house games); a refusal throws WalletRefusal.
 */
export async function creditIn(
  d: Pick<SeamlessDeps, 'ledger'>,
  tx: Tx,
  r: CreditRequest,
): Promise<WalletAnswer> {
  const memberId = validMember(r, true);
  if (memberId === null) throw new WalletRefusal('INVALID_REQUEST', null, null);
  const fp = fingerprint('credit', r.roundId, r.game, r.amount, r.betTxId);
  const key = txLedgerKey(r);
  // The bet's row is locked first, so a racing rollback of the same bet waits for this credit.
  const bet = await q.findOp(tx, txKeyOf({ ...r, providerTxId: r.betTxId }), true);
  const claimedKey = await q.claimOp(tx, {
    ...opOf(r, memberId),
    opClass: 'tx',
    op: 'credit',
    walletTypeId: bet?.wallet_type_id ?? null,
    betTxId: r.betTxId,
    fingerprint: fp,
    status: 'OK',
  });
  if (!claimedKey) {
    const replayed = await replayStored(tx, r, fp, key);
    if (replayed) return replayed;
  }
  if (bet?.op !== 'debit') throw new WalletRefusal('BET_NOT_FOUND', memberId, null);
  const wallet = (bet.wallet_type_id ?? MAIN_WALLET) as WalletTypeId;
  if (bet.state === 'rolled_back') throw new WalletRefusal('TX_ROLLED_BACK', memberId, wallet);
  let transferId: number | null = null;
  if (r.amount > 0) {
    ({ transferId } = await d.ledger.transfer(tx, {
      from: systemAccount(r.provider),
      to: { member: memberId, wallet },
      amount: r.amount,
      kind: 'win',
      reference: roundReference(r, r.betTxId),
      idempotencyKey: key,
    }));
  }
  if (bet.state === 'open') await q.setDebitState(tx, bet.id, 'settled');
  return done(tx, memberId, wallet, transferId);
}

/** A provider credit: one round trip in the common case (see `debit`), else `creditIn`'s transaction. */
export async function credit(
  d: SeamlessDeps,
  r: CreditRequest,
  nonce: string | null = null,
): Promise<WalletAnswer> {
  const fast = (memberId: number) =>
    q.fastCredit(d.db, {
      nonce,
      ...opOf(r, memberId),
      betTxId: r.betTxId,
      fingerprint: fingerprint('credit', r.roundId, r.game, r.amount, r.betTxId),
      ledgerKey: txLedgerKey(r),
      reference: roundReference(r, r.betTxId),
    });
  return oneCallOrTransaction(d.db, r, nonce, validMember(r, true), fast, (tx) => creditIn(d, tx, r));
}

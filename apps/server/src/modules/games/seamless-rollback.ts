import type { WalletStatus } from '@chok/contract/api/games';
import type { Satang } from '@chok/engine/money';
import type { Tx } from '../../platform/db.ts';
import { memberBalance, type WalletTypeId } from '../wallet/service.ts';
import {
  fingerprint,
  inWalletTransaction,
  ledgerKey,
  memberIdOf,
  type RollbackRequest,
  type SeamlessDeps,
  systemAccount,
  txKeyOf,
  type WalletAnswer,
  WalletRefusal,
} from './seamless-calls.ts';
import * as q from './seamless-queries.ts';
import { transferIdByKey } from './wallet-queries.ts';

/**
 * A rollback (docs/rules/casino.md §3): an open debit refunded and marked rolled back; a settled one
 * answers BET_SETTLED, a credit INVALID_REQUEST, an unknown id leaves a tombstone so a late debit of
 * it is refused. In the caller's transaction; a refusal throws WalletRefusal.
 */
export async function rollbackIn(
  d: Pick<SeamlessDeps, 'ledger'>,
  tx: Tx,
  r: RollbackRequest,
): Promise<WalletAnswer> {
  const memberId = memberIdOf(r.player);
  if (memberId === null) throw new WalletRefusal('INVALID_REQUEST', null, null);
  const fp = fingerprint('rollback', '', '', 0, r.providerTxId);
  const betKey = txKeyOf(r);
  const rollbackKey = {
    ...betKey,
    opClass: 'rollback' as const,
    ledgerKey: ledgerKey(r.provider, r.player, 'rb', r.providerTxId),
  };
  let bet = await q.findOp(tx, betKey, true);
  if (!bet) {
    // Unknown id: claim its slot as a tombstone. If a debit claimed it meanwhile, the insert waited
    // for that transaction and the debit is read (and locked) instead.
    const tombstone = await q.claimOp(tx, {
      ...betKey,
      op: 'tombstone',
      memberId,
      walletTypeId: null,
      fingerprint: fp,
      status: 'OK',
    });
    if (!tombstone) bet = await q.findOp(tx, betKey, true);
  }
  let status: WalletStatus = 'OK';
  let wallet = bet?.wallet_type_id ?? (await q.latestSessionWallet(tx, memberId, r.provider));
  if (bet?.op === 'credit') status = 'INVALID_REQUEST';
  else if (bet?.op === 'debit' && bet.state === 'settled') status = 'BET_SETTLED';
  const claimed = await q.claimOp(tx, {
    ...rollbackKey,
    op: 'rollback',
    memberId,
    walletTypeId: wallet,
    fingerprint: fp,
    status,
  });
  if (!claimed) {
    const stored = await q.findOp(tx, rollbackKey);
    if (stored) {
      wallet = stored.wallet_type_id ?? wallet;
      return {
        status: stored.status as WalletStatus,
        balance: (await memberBalance(tx, memberId, wallet)) as Satang,
        transferId: await transferIdByKey(tx, rollbackKey.ledgerKey),
      };
    }
  }
  let transferId: number | null = null;
  if (status === 'OK' && bet?.op === 'debit' && bet.state === 'open') {
    ({ transferId } = await d.ledger.transfer(tx, {
      from: systemAccount(r.provider),
      to: { member: memberId, wallet: wallet as WalletTypeId },
      amount: bet.amount as Satang,
      kind: 'refund',
      reference: `${r.provider}:rollback:${r.providerTxId}`,
      idempotencyKey: rollbackKey.ledgerKey,
    }));
    await q.setDebitState(tx, bet.id, 'rolled_back');
  }
  return { status, balance: (await memberBalance(tx, memberId, wallet)) as Satang, transferId };
}

/** A provider rollback, in its own transaction. */
export function rollback(d: SeamlessDeps, r: RollbackRequest): Promise<WalletAnswer> {
  return inWalletTransaction(d.db, memberIdOf(r.player), (tx) => rollbackIn(d, tx, r));
}

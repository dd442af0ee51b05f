import { createHmac, timingSafeEqual } from 'node:crypto';
import * as games from '@chok/contract/api/games';
import type { BodyOf } from '@chok/contract/endpoint';
import { formatBaht, parseBaht } from '@chok/engine/money';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { holdsNul } from '../../platform/http.ts';
import { NonceReused, type SeamlessWallet, type WalletAnswer } from './seamless.ts';
import { claimNonce, providerSecret } from './seamless-queries.ts';

export const TIMESTAMP_WINDOW_SECONDS = 5 * 60;
export const NONCE_KEEP_MINUTES = 10;
const SECRET_CACHE_MS = 30_000;

/** hex HMAC-SHA256(secret, raw body): what a provider puts in X-Signature. */
export function signBody(secret: string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** The provider-facing endpoints, by the operation their path names. */
export const providerEndpoints = {
  authenticate: games.providerAuthenticate,
  debit: games.providerDebit,
  credit: games.providerCredit,
  rollback: games.providerRollback,
} as const;
export type ProviderOperation = keyof typeof providerEndpoints;
type Answer<K extends ProviderOperation> = z.input<(typeof providerEndpoints)[K]['data']>;

/** One function per provider operation: a checked, parsed call → the seamless wallet → the provider's body. */
export type ProviderOperations = {
  [K in ProviderOperation]: (
    wallet: SeamlessWallet,
    provider: string,
    body: BodyOf<(typeof providerEndpoints)[K]>,
    /** The signed call's nonce, for the operations that claim it with the money (debit, credit). */
    nonce: string | null,
  ) => Promise<Answer<K>>;
};

/** Debit and credit claim the nonce in their own round trip (decision 0012); the others before running. */
const claimsNonce: ReadonlySet<ProviderOperation> = new Set(['debit', 'credit']);

const walletBody = (a: WalletAnswer) => ({
  status: a.status,
  ...(a.balance !== null ? { balance: formatBaht(a.balance) } : {}),
  transfer_id: a.transferId,
});

/** What a debit and a credit both tell the wallet: whose round, which transaction, which game, how much. */
const moneyCall = (
  provider: string,
  body: { player: string; tx_id: string; round_id: string; game: string; amount: string },
) => ({
  provider,
  player: body.player,
  providerTxId: body.tx_id,
  roundId: body.round_id,
  game: body.game,
  amount: parseBaht(body.amount),
});

export const providerOperations: ProviderOperations = {
  async authenticate(wallet, provider, body) {
    const a = await wallet.authenticate(body.token, { provider });
    if (a.status !== 'OK' || !('sessionId' in a)) return { status: a.status };
    return {
      status: 'OK',
      player_id: a.playerId,
      wallet_id: a.walletId,
      currency: a.currency,
      balance: formatBaht(a.balance),
      session_id: a.sessionId,
    };
  },
  async debit(wallet, provider, body, nonce) {
    return walletBody(await wallet.debit(moneyCall(provider, body), nonce));
  },
  async credit(wallet, provider, body, nonce) {
    return walletBody(await wallet.credit({ ...moneyCall(provider, body), betTxId: body.bet_tx_id }, nonce));
  },
  async rollback(wallet, provider, body) {
    return walletBody(await wallet.rollback({ provider, player: body.player, providerTxId: body.tx_id }));
  },
};

export interface ProviderAdapterDeps {
  db: Db;
  clock: Clock;
  wallet: SeamlessWallet;
  /** Each provider's secret (null: unknown or inactive), kept SECRET_CACHE_MS. */
  secrets: Map<string, { secret: string | null; at: number }>;
}

async function secretOf(d: ProviderAdapterDeps, provider: string): Promise<string | null> {
  const cached = d.secrets.get(provider);
  // Wall time on purpose: the age of a cache entry, not a time of the domain.
  if (cached && Date.now() - cached.at < SECRET_CACHE_MS) return cached.secret;
  const secret = await providerSecret(d.db, provider);
  d.secrets.set(provider, { secret, at: Date.now() });
  return secret;
}

const unauthorized = (reason: string) => ({
  http: 401,
  body: { status: 'INVALID_REQUEST', error: 'unauthorized', reason },
});
const invalid = (error: string) => ({ http: 400, body: { status: 'INVALID_REQUEST', error } });

/**
 * One call from an external provider to /provider/<provider>/<operation> (docs/rules/casino.md
 * §3.5–3.6): the signature is checked over the raw bytes received, before anything is parsed; then
 * the body's `ts` must be within ±5 minutes and its `nonce` unused for 10 minutes; then the
 * operation runs. 401 = auth failure, 400 = unparseable, 200 = every business outcome.
 */
export async function providerCall(
  d: ProviderAdapterDeps,
  c: { operation: ProviderOperation; provider: string; raw: Buffer; signature: string },
): Promise<{ http: number; body: unknown }> {
  const secret = /^[a-z0-9_]{2,32}$/.test(c.provider) ? await secretOf(d, c.provider) : null;
  if (!secret) return unauthorized('unknown provider');
  const expected = Buffer.from(signBody(secret, c.raw), 'hex');
  const got = /^[0-9a-f]{64}$/i.test(c.signature) ? Buffer.from(c.signature, 'hex') : Buffer.alloc(0);
  if (got.length !== expected.length || !timingSafeEqual(got, expected)) {
    return unauthorized('bad signature');
  }
  let json: unknown;
  try {
    json = JSON.parse(c.raw.toString('utf8'));
  } catch {
    return invalid('unparseable body');
  }
  // A NUL in any string (a transaction or round id) cannot be stored: unparseable, not a retry (§3.5).
  if (holdsNul(json)) return invalid('invalid body');
  const parsed = providerEndpoints[c.operation].body!.safeParse(json);
  if (!parsed.success) return invalid('invalid body');
  const body = parsed.data;
  const skew = Math.abs(d.clock.now().getTime() / 1000 - body.ts);
  if (skew > TIMESTAMP_WINDOW_SECONDS) return unauthorized('stale timestamp');
  const withMoney = claimsNonce.has(c.operation);
  if (!withMoney && !(await claimNonce(d.db, c.provider, body.nonce))) return unauthorized('nonce reused');
  const run = providerOperations[c.operation] as (
    wallet: SeamlessWallet,
    provider: string,
    body: unknown,
    nonce: string | null,
  ) => Promise<unknown>;
  try {
    return { http: 200, body: await run(d.wallet, c.provider, body, withMoney ? body.nonce : null) };
  } catch (err) {
    if (err instanceof NonceReused) return unauthorized('nonce reused');
    throw err;
  }
}

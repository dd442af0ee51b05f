import type { KeyObject } from 'node:crypto';
import type { Satang } from '@chok/engine/money';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { hashToken } from '../../platform/rng.ts';
import type { Connectors } from '../connectors/service.ts';
import { memberBalance } from '../wallet/service.ts';
import {
  HUB88_CONNECTOR,
  HUB88_COUNTRY,
  HUB88_CURRENCY,
  HUB88_PROVIDER,
  type Hub88Operation,
  type Hub88Status,
  hub88Requests,
  hub88StatusOf,
  memberOfHub88User,
  privateKeyOf,
  publicKeyOf,
  satangOfUnits,
  signHub88,
  unitsOf,
  verifyHub88,
} from './hub88-protocol.ts';
import { hasStoredTx, sessionOfToken } from './hub88-queries.ts';
import { memberActive } from './launch-queries.ts';
import { playerIdOf, SESSION_IDLE_MINUTES, type SeamlessWallet, type WalletAnswer } from './seamless.ts';

/**
 * The operator's side of Hub88's Wallet API (docs/rules/casino.md §8): each call is verified against
 * Hub88's public key over the raw bytes, parsed, run on the seamless wallet (the same debit, credit
 * and rollback as Chok's own protocol, §3), and answered with a body signed by the operator's key.
 * Every answer is HTTP 200 with a documented `RS_*` status.
 */
export interface Hub88WalletDeps {
  db: Db;
  clock: Clock;
  wallet: SeamlessWallet;
  connectors: Pick<Connectors, 'secret'>;
}

const KEY_CACHE_MS = 30_000;

/** The keys exchanged at set-up, read through the connectors (environment or console), kept 30 s. */
export function hub88Keys(connectors: Pick<Connectors, 'secret'>) {
  let cached: { at: number; hub88: KeyObject | null; operator: KeyObject | null } | null = null;
  const parse = (text: string | null, of: (t: string) => KeyObject) => {
    if (!text) return null;
    try {
      return of(text);
    } catch {
      return null;
    }
  };
  return async () => {
    // Wall time on purpose: the age of a cache entry, not a time of the domain.
    if (cached && Date.now() - cached.at < KEY_CACHE_MS) return cached;
    cached = {
      at: Date.now(),
      hub88: parse(await connectors.secret(HUB88_CONNECTOR, 'public_key'), publicKeyOf),
      operator: parse(await connectors.secret(HUB88_CONNECTOR, 'private_key'), privateKeyOf),
    };
    return cached;
  };
}

type Body = Record<string, unknown>;
type Parsed<K extends Hub88Operation> = z.infer<(typeof hub88Requests)[K]>;

const status = (s: Hub88Status, extra: Body = {}): Body => ({ status: s, ...extra });

/** A wallet answer as Hub88's body: status, and the balance in Hub88 units when one is known. */
function walletBody(user: string, a: WalletAnswer): Body {
  return {
    user,
    status: hub88StatusOf[a.status],
    ...(a.balance !== null ? { currency: HUB88_CURRENCY, balance: unitsOf(a.balance) } : {}),
  };
}

async function balanceBody(db: Db, user: string, memberId: number, walletTypeId: number, s: Hub88Status) {
  const balance = (await memberBalance(db, memberId, walletTypeId)) as Satang;
  return { user, status: s, currency: HUB88_CURRENCY, balance: unitsOf(balance) };
}

/**
 * The game session a token opened for the user it names (null for a token Chok never gave that user),
 * with whether it is still live. A bet may name another game_code than the session's: Hub88's live
 * lobbies switch tables within one session, so the debit's own rules (§3.4) judge the game.
 */
async function tokenSession(d: Hub88WalletDeps, token: string, memberId: number) {
  const now = d.clock.now();
  const idleSince = new Date(now.getTime() - SESSION_IDLE_MINUTES * 60_000);
  const s = await sessionOfToken(d.db, hashToken(token), now, idleSince);
  return s && s.member_id === memberId ? s : null;
}

const operations: {
  [K in Hub88Operation]: (d: Hub88WalletDeps, b: Parsed<K>, memberId: number) => Promise<Body>;
} = {
  async info(d, b, memberId) {
    if (!(await memberActive(d.db, memberId))) return status('RS_ERROR_USER_DISABLED', { user: b.user });
    return { user: b.user, status: 'RS_OK', country: HUB88_COUNTRY };
  },
  async balance(d, b, memberId) {
    const s = await tokenSession(d, b.token, memberId);
    if (!s) return status('RS_ERROR_INVALID_TOKEN', { user: b.user });
    return balanceBody(d.db, b.user, memberId, s.wallet_type_id, 'RS_OK');
  },
  async bet(d, b, memberId) {
    const s = await tokenSession(d, b.token, memberId);
    if (!s) return status('RS_ERROR_INVALID_TOKEN', { user: b.user });
    if (b.currency !== HUB88_CURRENCY)
      return balanceBody(d.db, b.user, memberId, s.wallet_type_id, 'RS_ERROR_WRONG_CURRENCY');
    const amount = satangOfUnits(b.amount);
    if (amount === null || amount === 0) return status('RS_ERROR_WRONG_TYPES', { user: b.user });
    const player = playerIdOf(memberId);
    // An expired token may not stake; a retry of a stake already stored is still answered (replay).
    if (!s.live && !(await hasStoredTx(d.db, player, b.transaction_uuid)))
      return balanceBody(d.db, b.user, memberId, s.wallet_type_id, 'RS_ERROR_TOKEN_EXPIRED');
    const a = await d.wallet.debit({
      provider: HUB88_PROVIDER,
      player,
      providerTxId: b.transaction_uuid,
      roundId: b.round ?? '',
      game: b.game_code ?? '',
      amount: amount as Satang,
    });
    return walletBody(b.user, a);
  },
  // Wins and rollbacks are never refused for the token's age: they may come after the session ended.
  async win(d, b, memberId) {
    if (b.currency !== HUB88_CURRENCY) return status('RS_ERROR_WRONG_CURRENCY', { user: b.user });
    const amount = satangOfUnits(b.amount);
    if (amount === null) return status('RS_ERROR_WRONG_TYPES', { user: b.user });
    const a = await d.wallet.credit({
      provider: HUB88_PROVIDER,
      player: playerIdOf(memberId),
      providerTxId: b.transaction_uuid,
      roundId: b.round ?? '',
      game: b.game_code ?? '',
      amount: amount as Satang,
      betTxId: b.reference_transaction_uuid,
    });
    return walletBody(b.user, a);
  },
  async rollback(d, b, memberId) {
    const a = await d.wallet.rollback({
      provider: HUB88_PROVIDER,
      player: playerIdOf(memberId),
      providerTxId: b.reference_transaction_uuid,
    });
    return walletBody(b.user, a);
  },
};

/** A zod failure as Hub88 names it: values of the wrong type where given, else a body of the wrong form. */
function syntaxStatus(json: unknown, err: z.ZodError): Hub88Status {
  const given = (path: PropertyKey[]) =>
    path.reduce<unknown>(
      (v, k) => (v && typeof v === 'object' ? (v as Body)[k as string] : undefined),
      json,
    ) !== undefined;
  return err.issues.every((i) => i.code === 'invalid_type' && given(i.path))
    ? 'RS_ERROR_WRONG_TYPES'
    : 'RS_ERROR_WRONG_SYNTAX';
}

/**
 * One call from Hub88 to `<wallet URL>/<operation path>`: verified, parsed, run, answered. Returns the
 * body's bytes and their signature (null when no operator key is configured).
 */
export async function hub88WalletCall(
  d: Hub88WalletDeps,
  keys: ReturnType<typeof hub88Keys>,
  c: { operation: Hub88Operation; raw: Buffer; signature: string },
): Promise<{ raw: string; signature: string | null }> {
  const k = await keys();
  const body = await answerOf(d, k.hub88, c);
  const raw = JSON.stringify(body);
  return { raw, signature: k.operator ? signHub88(k.operator, raw) : null };
}

async function answerOf(
  d: Hub88WalletDeps,
  hub88Key: KeyObject | null,
  c: { operation: Hub88Operation; raw: Buffer; signature: string },
): Promise<Body> {
  if (!hub88Key || !verifyHub88(hub88Key, c.raw, c.signature)) return status('RS_ERROR_INVALID_SIGNATURE');
  let json: unknown;
  try {
    json = JSON.parse(c.raw.toString('utf8'));
  } catch {
    return status('RS_ERROR_WRONG_SYNTAX');
  }
  const requestUuid =
    typeof (json as Body | null)?.request_uuid === 'string'
      ? { request_uuid: (json as Body).request_uuid }
      : {};
  // A NUL cannot be stored in a transaction id: the request is malformed, not a retry.
  if (JSON.stringify(json).includes('\\u0000')) return status('RS_ERROR_WRONG_SYNTAX', requestUuid);
  const parsed = hub88Requests[c.operation].safeParse(json);
  if (!parsed.success) return status(syntaxStatus(json, parsed.error), requestUuid);
  const memberId = memberOfHub88User(parsed.data.user);
  if (memberId === null) return status('RS_ERROR_INVALID_TOKEN', { ...requestUuid, user: parsed.data.user });
  const run = operations[c.operation] as (d: Hub88WalletDeps, b: unknown, m: number) => Promise<Body>;
  const out = await run(d, parsed.data, memberId);
  return { ...out, request_uuid: parsed.data.request_uuid };
}

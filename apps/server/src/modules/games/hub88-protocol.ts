import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import type { WalletStatus } from '@chok/contract/api/games';
import type { Satang } from '@chok/engine/money';
import { z } from 'zod';

/**
 * Hub88's Operator API as Chok speaks it (docs/rules/casino.md §8), written from Hub88's public
 * documentation:
 * - request signing: https://docs.hub88.io/developer-docs/operator-api-reference/operator-api-overview
 *   and https://github.com/coingaming/Hub88-Examples (RSA-SHA256 over the raw body, base64, in the
 *   X-Hub88-Signature header; each side verifies with the other's public key);
 * - the Wallet API the operator hosts (/user/info, /user/balance, /transaction/bet, /transaction/win,
 *   /transaction/rollback): https://docs.hub88.io/developer-docs/operator-api-reference/wallet-api
 * - its statuses: https://docs.hub88.io/developer-docs/operator-api-reference/operator-api-overview/seamless-wallet-response-statuses-operator-api
 * - amounts: integers (Int64), the currency's value × 100000 ($3.56 is 356000), in the words of
 *   https://docs.hub88.io/developer-docs/operator-api-reference/freebets-api
 * What those pages confirm and what they leave open is listed in docs/rules/casino.md §8 item 10.
 */

export const HUB88_PROVIDER = 'hub88';
/** The connector's code: credentials HUB88_API_URL, HUB88_OPERATOR_ID, HUB88_PUBLIC_KEY, HUB88_PRIVATE_KEY. */
export const HUB88_CONNECTOR = 'hub88';
export const HUB88_SECRETS = ['api_url', 'operator_id', 'public_key', 'private_key'] as const;
/** The only currency Chok's wallets hold; the country every session is opened for. */
export const HUB88_CURRENCY = 'THB';
export const HUB88_COUNTRY = 'TH';
/** Hub88 amount units per satang: 1 baht = 100000 units = 100 satang. */
export const UNITS_PER_SATANG = 1000;

/**
 * The Wallet API's statuses. RS_OK … RS_ERROR_TRANSACTION_DOES_NOT_EXIST are in the statuses page;
 * RS_ERROR_LIMIT_REACHED is named by the bet retry policy of
 * https://docs.hub88.io/developer-docs/supplier-api-reference/wallet-api (Chok has no limit to report);
 * RS_ERROR_TRANSACTION_ROLLED_BACK comes from Hub88's integration wrapper (npm @heathmont/ih-ngiw),
 * not from the readable part of the statuses page (docs/rules/casino.md §8 item 10).
 */
export const hub88Statuses = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
  'RS_ERROR_LIMIT_REACHED',
] as const;
export type Hub88Status = (typeof hub88Statuses)[number];

/** The seamless wallet's status (docs/rules/casino.md §3) as Hub88 reads it. */
export const hub88StatusOf: Record<WalletStatus, Hub88Status> = {
  OK: 'RS_OK',
  INVALID_TOKEN: 'RS_ERROR_INVALID_TOKEN',
  SESSION_EXPIRED: 'RS_ERROR_TOKEN_EXPIRED',
  INSUFFICIENT_FUNDS: 'RS_ERROR_NOT_ENOUGH_MONEY',
  WALLET_NOT_ALLOWED: 'RS_ERROR_INVALID_GAME',
  PLAYER_BLOCKED: 'RS_ERROR_USER_DISABLED',
  BET_NOT_FOUND: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  BET_SETTLED: 'RS_ERROR_UNKNOWN',
  TX_ROLLED_BACK: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
  DUPLICATE_MISMATCH: 'RS_ERROR_DUPLICATE_TRANSACTION',
  INVALID_REQUEST: 'RS_ERROR_WRONG_SYNTAX',
};

/** Hub88's user id of a member: `chok<member id>` (the documentation asks for 4 characters at least). */
export const hub88UserOf = (memberId: number): string => `chok${memberId}`;
/** The member a Hub88 user id names, or null. */
export function memberOfHub88User(user: string): number | null {
  const m = /^chok([1-9][0-9]{0,9})$/.exec(user);
  return m && Number(m[1]) <= 2_147_483_647 ? Number(m[1]) : null;
}

/** Satang → Hub88 units. */
export const unitsOf = (s: Satang | number): number => s * UNITS_PER_SATANG;
/** Hub88 units → satang, or null when the amount is finer than a satang (refused, never rounded). */
export const satangOfUnits = (units: number): number | null =>
  units % UNITS_PER_SATANG === 0 ? units / UNITS_PER_SATANG : null;

/** A PEM key from a credential (a literal "\n" in an environment variable is read as a line break). */
function pem(text: string): string {
  return text.includes('\\n') ? text.replace(/\\n/g, '\n') : text;
}
export const publicKeyOf = (text: string): KeyObject => createPublicKey(pem(text));
export const privateKeyOf = (text: string): KeyObject => createPrivateKey(pem(text));

/** base64 RSA-SHA256 signature of the raw body: the X-Hub88-Signature header. */
export function signHub88(key: KeyObject, raw: string | Buffer): string {
  return sign('sha256', typeof raw === 'string' ? Buffer.from(raw) : raw, key).toString('base64');
}

/** Whether `signature` (base64) is the RSA-SHA256 signature of `raw` by the holder of `key`. */
export function verifyHub88(key: KeyObject, raw: Buffer, signature: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return verify('sha256', raw, key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

const uuidish = z.string().min(1).max(128);
const amount = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const common = { user: z.string().min(1).max(64), request_uuid: uuidish };
const tx = {
  ...common,
  transaction_uuid: uuidish,
  token: z.string().min(1).max(255),
  round: z.string().max(128).nullish(),
  round_closed: z.boolean().nullish(),
  game_code: z.string().max(128).nullish(),
  currency: z.string().min(1).max(8),
  supplier_transaction_id: z.string().max(255).nullish(),
  supplier_user: z.string().max(255).nullish(),
  reward_uuid: z.string().max(128).nullish(),
  is_free: z.boolean().nullish(),
  is_aggregated: z.boolean().nullish(),
  bet: z.string().max(255).nullish(),
  meta: z.unknown().optional(),
};

/** The bodies of Hub88's calls to the operator's Wallet API (unknown fields are accepted and ignored). */
export const hub88Requests = {
  info: z.object(common),
  balance: z.object({
    ...common,
    token: z.string().min(1).max(255),
    game_code: z.string().max(128).nullish(),
  }),
  bet: z.object({ ...tx, amount }),
  win: z.object({ ...tx, amount, reference_transaction_uuid: uuidish }),
  rollback: z.object({
    ...tx,
    currency: z.string().max(8).nullish(),
    reference_transaction_uuid: uuidish,
  }),
} as const;
export type Hub88Operation = keyof typeof hub88Requests;

/** The operator's paths Hub88 calls (relative to the wallet URL given to Hub88 at set-up). */
export const hub88Paths: Record<Hub88Operation, string> = {
  info: '/user/info',
  balance: '/user/balance',
  bet: '/transaction/bet',
  win: '/transaction/win',
  rollback: '/transaction/rollback',
};

/**
 * One game of Hub88's `POST /operator/generic/v2/game/list` answer (a bare array), the fields Chok
 * reads; others (`url_background`, `freebet_support`, `release_date`, `supplier_identifier`, …) are
 * ignored. `category` and `blocked_countries` may be null. The answer schema is not in the readable
 * part of the Games API page: the names follow Hub88's own API test of the endpoint
 * (coingaming/hub88-automationtests), which does not check `demo_game_support` — absent, it means no
 * demo (docs/rules/casino.md §8 item 10).
 */
export const hub88Game = z.object({
  game_code: z.string().min(1).max(128),
  name: z.string().min(1).max(200),
  product: z.string().max(100).nullish(),
  category: z.string().max(100).nullish(),
  url_thumb: z.string().max(1000).nullish(),
  platforms: z.array(z.string()).nullish(),
  demo_game_support: z.boolean().nullish(),
  enabled: z.boolean().nullish(),
  blocked_countries: z.array(z.string()).nullish(),
});
export type Hub88Game = z.infer<typeof hub88Game>;

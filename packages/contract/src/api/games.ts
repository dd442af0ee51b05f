import { z } from 'zod';
import { type Endpoint, endpoint } from '../endpoint.ts';
import { baht, bahtAmount, bigId, intId, timestamp, wholeNumber } from '../fields.ts';
import { wallet } from './wallet.ts';

const tag = 'games';

export const gameCategories = ['casino', 'slot', 'sport', 'fishing', 'freespin'] as const;
export const gameCategory = z.enum(gameCategories);
export type GameCategory = (typeof gameCategories)[number];
/** Each game category as a member reads it. */
export const gameCategoryLabels: Record<GameCategory, string> = {
  casino: 'คาสิโน',
  slot: 'สล็อต',
  sport: 'กีฬา',
  fishing: 'ยิงปลา',
  freespin: 'ซื้อฟรีสปิน',
};

export const gameItem = z.object({
  id: z.number().int(),
  /** The provider's game code; with provider_id it names the game in every game call. */
  game_id: z.string(),
  provider_id: z.string(),
  provider_name: z.string(),
  sub_provider_id: z.string(),
  name: z.string(),
  image: z.string(),
  categories: z.array(gameCategory),
  demo_allowed: z.boolean(),
  mobile_support: z.boolean(),
  is_hot: z.boolean(),
  in_house: z.boolean(),
});

export const gameList = endpoint({
  method: 'GET',
  path: '/api/game/list',
  tag,
  auth: 'none',
  summary: 'Games of the catalogue, by provider and category (default limit 60)',
  query: z.object({
    provider: z
      .string()
      .max(65)
      .optional()
      .describe('A provider id, or <provider>:<studio> of an aggregator'),
    category: gameCategory.optional(),
    q: z.string().trim().max(50).optional().describe('Search in game names'),
    limit: wholeNumber(1, 500).default(60),
  }),
  data: z.array(gameItem),
});

/** The lobby cache lists of docs/rules/member-site.md §3. */
export const lobbyLists = z.object({
  last: z.array(gameItem),
  hot: z.array(gameItem),
  casino: z.array(gameItem),
  slot: z.array(gameItem),
  sport: z.array(gameItem),
  fishing: z.array(gameItem),
  freespin: z.array(gameItem),
});

export const gameLobby = endpoint({
  method: 'GET',
  path: '/api/game/lobby',
  tag,
  auth: 'optional',
  summary: 'Lobby lists: last played (members), hot, and each category',
  query: z.object({ limit: wholeNumber(1, 100).default(20) }).loose(),
  data: lobbyLists,
});

export const lobbyProvider = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string(),
  game_count: z.number().int(),
});

export const lobbyConfigs = endpoint({
  method: 'GET',
  path: '/api/lobby/configs',
  tag,
  auth: 'none',
  summary: "A lobby's title, category tabs and providers",
  query: z.object({ lobby_key: z.string().max(32).optional() }),
  data: z.object({
    lobby_key: z.string(),
    title: z.string(),
    banner: z.string(),
    categories: z.array(z.object({ key: gameCategory, label: z.string(), game_count: z.number().int() })),
    providers: z.array(lobbyProvider),
  }),
});

const gameRef = {
  game_id: z.string().min(1).max(64),
  provider_id: z.string().min(1).max(32),
};

export const gameWallets = endpoint({
  method: 'POST',
  path: '/api/game/wallets',
  tag,
  auth: 'member',
  summary: "The member's wallets eligible for a game (docs/rules/casino.md §1.1)",
  body: z.object({ ...gameRef, sub_provider_id: z.string().max(32).default('') }),
  data: z.array(wallet),
});

export const gameLink = endpoint({
  method: 'POST',
  path: '/api/game/link',
  tag,
  auth: 'member',
  summary: 'Mints a single-use launch token (60 s) bound to member, wallet and game; returns the link',
  body: z.object({
    wallet_id: intId,
    ...gameRef,
    sub_provider_id: z.string().max(32).optional(),
    is_mobile: z.boolean().default(false),
    source: z.string().max(64).default(''),
  }),
  data: z.object({ link: z.string() }),
});

export const gameDemo = endpoint({
  method: 'POST',
  path: '/api/game/demo',
  tag,
  auth: 'optional',
  rateLimit: 'demo',
  summary: 'A demo link: 10,000.00 play money, no wallet calls, no history',
  body: z.object({
    ...gameRef,
    is_mobile: z.boolean().default(false),
    source: z.string().max(64).default(''),
    agent_code: z.string().max(32).optional(),
  }),
  data: z.object({ link: z.string() }),
});

// ——— Seamless wallet, provider-facing (docs/rules/casino.md §3). Answers are the provider's body, not the envelope.

export const walletStatuses = [
  'OK',
  'INVALID_TOKEN',
  'SESSION_EXPIRED',
  'INSUFFICIENT_FUNDS',
  'WALLET_NOT_ALLOWED',
  'PLAYER_BLOCKED',
  'BET_NOT_FOUND',
  'BET_SETTLED',
  'TX_ROLLED_BACK',
  'DUPLICATE_MISMATCH',
  'INVALID_REQUEST',
] as const;
export type WalletStatus = (typeof walletStatuses)[number];

const signed = {
  ts: z.number().int().describe('Unix seconds; accepted within ±5 minutes'),
  nonce: z.string().min(8).max(64).describe('Single use within 10 minutes'),
};
const providerParams = z.object({ provider: z.string().regex(/^[a-z0-9_]{2,32}$/) });
const txFields = {
  player: z.string().min(1).max(64),
  tx_id: z.string().min(1).max(128),
  round_id: z.string().max(128).default(''),
  game: z.string().max(64).default(''),
  /** Two-decimal baht text as the protocol sends it (docs/rules/casino.md §3); 13 whole digits at most. */
  amount: z.string().regex(/^-?\d{1,13}\.\d{2}$/),
};
const walletAnswer = z.object({
  status: z.enum(walletStatuses),
  balance: baht.optional(),
  transfer_id: z.number().int().nullable().optional(),
});

function providerCall<B extends z.ZodType, D extends z.ZodType>(
  name: string,
  summary: string,
  body: B,
  data: D,
) {
  return endpoint({
    method: 'POST',
    path: `/provider/:provider/${name}`,
    tag: 'provider',
    auth: 'none',
    summary: `${summary}. Signed: X-Signature = hex HMAC-SHA256(secret, raw body); 401 on a bad signature, stale ts or reused nonce`,
    params: providerParams,
    body,
    data,
  });
}

export const providerAuthenticate = providerCall(
  'authenticate',
  'Exchanges a launch token for a session',
  z.object({ token: z.string().min(1).max(200), ...signed }),
  z.object({
    status: z.enum(walletStatuses),
    player_id: z.string().optional(),
    wallet_id: z.number().int().optional(),
    currency: z.literal('THB').optional(),
    balance: baht.optional(),
    session_id: z.number().int().optional(),
  }),
);
export const providerDebit = providerCall(
  'debit',
  'Takes a stake',
  z.object({ ...txFields, ...signed }),
  walletAnswer,
);
export const providerCredit = providerCall(
  'credit',
  'Pays a win (amount may be 0) against a bet',
  z.object({ ...txFields, bet_tx_id: z.string().min(1).max(128), ...signed }),
  walletAnswer,
);
export const providerRollback = providerCall(
  'rollback',
  'Returns a stake (only debits roll back)',
  z.object({ player: txFields.player, tx_id: txFields.tx_id, ...signed }),
  walletAnswer,
);

// ——— In-house games (modules/originals): the pages in the launcher iframe.

const session = z.string().min(20).max(100).describe('The in-house session from /api/originals/session');
/** A stake typed in a game: "10", "10.5" or 10; the handler gets "10.00". */
const stake = bahtAmount({ required: 'กรุณาระบุจำนวนเงินเดิมพัน', format: 'จำนวนเงินเดิมพันไม่ถูกต้อง' });
const fairState = z.object({
  /** SHA-256 of the active server seed, shown before any round is played with it. */
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int(),
  /**
   * SHA-256 of the committed next server seed: a client-seed change (rotation) activates exactly this
   * seed, so its hash is published before the client seed it is used with is chosen.
   */
  next_server_seed_hash: z.string(),
});

export const originalsSession = endpoint({
  method: 'POST',
  path: '/api/originals/session',
  tag: 'originals',
  auth: 'none',
  summary: 'Exchanges a launch token (or a demo token) for an in-house game session',
  body: z.object({ token: z.string().min(20).max(100), demo: z.boolean().default(false) }),
  data: z.object({
    session,
    game: z.object({ game_id: z.string(), name: z.string(), categories: z.array(gameCategory) }),
    demo: z.boolean(),
    balance: baht,
    wallet_name: z.string(),
    fair: fairState.nullable(),
    server_time: timestamp,
  }),
});

const reelSymbol = z.string();
const slotSpin = z.object({
  stops: z.array(z.number().int()),
  reels: z.array(z.array(reelSymbol)),
  line_wins: z.array(
    z.object({ line: z.number().int(), symbol: z.string(), count: z.number().int(), win: baht }),
  ),
  scatters: z.number().int(),
  win: baht,
});

export const slotSpinCall = endpoint({
  method: 'POST',
  path: '/api/originals/slot/spin',
  tag: 'originals',
  auth: 'none',
  summary: 'ช้างทอง: one round (base spin and any free spins), or a feature buy',
  body: z.object({ session, bet: stake, buy: z.boolean().default(false) }),
  data: z.object({
    round_id: z.number().int().nullable(),
    bet: baht,
    cost: baht,
    win: baht,
    balance: baht,
    base: slotSpin.nullable(),
    free_spins: z.array(slotSpin),
    fair: fairState.nullable(),
  }),
});

export const fishShoot = endpoint({
  method: 'POST',
  path: '/api/originals/fishing/shoot',
  tag: 'originals',
  auth: 'none',
  summary: 'ยิงปลา: one shot at a fish, one round',
  body: z.object({ session, bet: stake, fish: z.string().max(32) }),
  data: z.object({
    round_id: z.number().int().nullable(),
    fish: z.string(),
    captured: z.boolean(),
    win: baht,
    balance: baht,
    fair: fairState.nullable(),
  }),
});

export const baccaratHandView = z.object({
  id: z.number().int(),
  hand_no: z.number().int(),
  opens_at: timestamp,
  closes_at: timestamp,
  deals_at: timestamp,
  result: z
    .object({
      player: z.array(z.number().int()),
      banker: z.array(z.number().int()),
      player_total: z.number().int(),
      banker_total: z.number().int(),
      winner: z.enum(['player', 'banker', 'tie']),
      player_pair: z.boolean(),
      banker_pair: z.boolean(),
    })
    .nullable(),
});

export const baccaratTable = endpoint({
  method: 'POST',
  path: '/api/originals/baccarat/table',
  tag: 'originals',
  auth: 'none',
  summary: 'Baccarat: rooms, the current hand, the last results and my bets on it',
  body: z.object({ session, room_id: intId.default(1) }),
  data: z.object({
    rooms: z.array(z.object({ id: z.number().int(), name: z.string() })),
    room_id: z.number().int(),
    shoe: z.object({ shoe_no: z.number().int(), server_seed_hash: z.string(), cards_left: z.number().int() }),
    current: baccaratHandView,
    previous: baccaratHandView.nullable(),
    history: z.array(z.enum(['player', 'banker', 'tie'])),
    my_bets: z.array(
      z.object({ hand_id: z.number().int(), position: z.string(), stake: baht, payout: baht.nullable() }),
    ),
    balance: baht,
    min_bet: baht,
    max_bet: baht,
    server_time: timestamp,
  }),
});

export const baccaratBet = endpoint({
  method: 'POST',
  path: '/api/originals/baccarat/bet',
  tag: 'originals',
  auth: 'none',
  summary: 'Baccarat: a stake on a position of the open hand (10–20,000 baht)',
  body: z.object({
    session,
    hand_id: bigId,
    position: z.enum(['player', 'banker', 'tie', 'player_pair', 'banker_pair']),
    amount: stake,
  }),
  data: z.object({ round_id: z.number().int().nullable(), balance: baht }),
});

export const footballFixtureView = z.object({
  id: z.number().int(),
  kickoff_at: timestamp,
  closes_at: timestamp,
  settles_at: timestamp,
  home: z.object({ code: z.string(), name: z.string() }),
  away: z.object({ code: z.string(), name: z.string() }),
  odds: z.record(z.string(), z.string()),
  score: z.object({ home: z.number().int(), away: z.number().int() }).nullable(),
  server_seed_hash: z.string(),
});

export const footballBoard = endpoint({
  method: 'POST',
  path: '/api/originals/football/board',
  tag: 'originals',
  auth: 'none',
  summary: 'Virtual football: open fixtures, the last results and my bets',
  body: z.object({ session }),
  data: z.object({
    open: z.array(footballFixtureView),
    results: z.array(footballFixtureView),
    my_bets: z.array(
      z.object({
        round_id: z.number().int(),
        fixture_id: z.number().int(),
        selection: z.string(),
        odds: z.string(),
        stake: baht,
        payout: baht.nullable(),
      }),
    ),
    balance: baht,
    server_time: timestamp,
  }),
});

export const footballBet = endpoint({
  method: 'POST',
  path: '/api/originals/football/bet',
  tag: 'originals',
  auth: 'none',
  summary: 'Virtual football: a single on 1X2 or over/under 2.5 (10–10,000 baht)',
  body: z.object({
    session,
    fixture_id: bigId,
    selection: z.enum(['home', 'draw', 'away', 'over', 'under']),
    amount: stake,
  }),
  data: z.object({ round_id: z.number().int().nullable(), balance: baht }),
});

export const roundView = z.object({
  id: z.number().int(),
  game_id: z.string(),
  game_name: z.string(),
  stake: baht,
  payout: baht.nullable(),
  status: z.enum(['open', 'settled', 'refunded']),
  created_at: timestamp,
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int(),
  /** Revealed once the seed is rotated (player seeds) or the shoe/fixture is over (shared seeds). */
  server_seed: z.string().nullable(),
  detail: z.unknown(),
  outcome: z.unknown(),
});

export const originalsHistory = endpoint({
  method: 'POST',
  path: '/api/originals/history',
  tag: 'originals',
  auth: 'none',
  summary: "This session's member's in-house rounds, newest first",
  body: z.object({ session, limit: z.number().int().min(1).max(100).default(30) }),
  data: z.array(roundView),
});

export const fairRotate = endpoint({
  method: 'POST',
  path: '/api/originals/fair/rotate',
  tag: 'originals',
  auth: 'none',
  summary:
    'Sets the client seed: reveals the current server seed, activates the committed next one (hash shown earlier) with nonce 0 and commits a fresh next one',
  body: z.object({ session, client_seed: z.string().trim().min(1).max(64).optional() }),
  data: z.object({
    revealed: z.object({
      server_seed: z.string(),
      server_seed_hash: z.string(),
      client_seed: z.string(),
      nonce: z.number().int(),
    }),
    next: fairState,
  }),
});

export const fairRound = endpoint({
  method: 'GET',
  path: '/api/fair/round',
  tag: 'originals',
  auth: 'none',
  summary: 'A round for the public /fair page: seeds (the server seed once revealed) and outcome',
  query: z.object({ id: bigId }),
  data: roundView,
});

/** Every endpoint of the games module, listed for the OpenAPI document. */
export const gamesEndpoints: Endpoint[] = [
  gameList,
  gameLobby,
  lobbyConfigs,
  gameWallets,
  gameLink,
  gameDemo,
  providerAuthenticate,
  providerDebit,
  providerCredit,
  providerRollback,
  originalsSession,
  slotSpinCall,
  fishShoot,
  baccaratTable,
  baccaratBet,
  footballBoard,
  footballBet,
  originalsHistory,
  fairRotate,
  fairRound,
] as Endpoint[];

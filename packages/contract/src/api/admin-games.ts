/**
 * Games for the operator (docs/decisions/0060-console-staff-audit-games.md): providers and the catalogue
 * (on/off, order, hot), the in-house games' fairness seeds (published hashes, rotation) and their recent
 * rounds. Owner only.
 */
import { z } from 'zod';
import { type Endpoint, endpoint } from '../endpoint.ts';
import { baht, bigIdParam, idParam, intId, timestamp } from '../fields.ts';
import { paged, pageQuery } from './admin-console.ts';
import { gameCategories } from './games.ts';

const tag = 'admin-games';
const owner = ['owner'] as const;

const sortOrder = z
  .number({ error: 'ลำดับต้องเป็นตัวเลข' })
  .int({ error: 'ลำดับต้องเป็นจำนวนเต็ม' })
  .min(0, { error: 'ลำดับต้องไม่ติดลบ' })
  .max(100_000, { error: 'ลำดับสูงเกินไป' });
const bool = z.enum(['true', 'false']);

export const adminProvider = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string(),
  in_house: z.boolean(),
  is_active: z.boolean(),
  sort_order: z.number().int(),
  games: z.number().int(),
  active_games: z.number().int(),
});

export const adminGame = z.object({
  id: z.number().int(),
  provider_id: z.string(),
  provider_name: z.string(),
  code: z.string(),
  name: z.string(),
  image: z.string(),
  categories: z.array(z.string()),
  is_active: z.boolean(),
  is_hot: z.boolean(),
  sort_order: z.number().int(),
  demo_allowed: z.boolean(),
});

export const gameProvidersAdmin = endpoint({
  method: 'GET',
  path: '/api/admin/games/providers',
  tag,
  auth: 'staff',
  roles: owner,
  summary: 'Game providers in display order, with their game counts',
  query: z.object(pageQuery),
  data: paged(adminProvider),
});

export const updateGameProvider = endpoint({
  method: 'PUT',
  path: '/api/admin/games/providers/:id',
  tag,
  auth: 'staff',
  roles: owner,
  summary: 'Switch a provider on or off or move it in the order; send only what changes (audited)',
  params: z.object({ id: z.string().regex(/^[a-z0-9_]{2,32}$/, { error: 'รหัสค่ายเกมไม่ถูกต้อง' }) }),
  body: z.object({ is_active: z.boolean().optional(), sort_order: sortOrder.optional() }),
  data: adminProvider,
});

export const gamesAdmin = endpoint({
  method: 'GET',
  path: '/api/admin/games',
  tag,
  auth: 'staff',
  roles: owner,
  summary: 'The catalogue in display order, paged; filters: provider, category, name, on/off, hot',
  query: z.object({
    ...pageQuery,
    provider: z
      .string()
      .regex(/^[a-z0-9_]{2,32}$/, { error: 'รหัสค่ายเกมไม่ถูกต้อง' })
      .optional(),
    category: z.enum(gameCategories, { error: 'ประเภทเกมไม่ถูกต้อง' }).optional(),
    q: z.string().trim().min(1).max(100).optional(),
    active: bool.optional(),
    hot: bool.optional(),
  }),
  data: paged(adminGame),
});

export const updateGame = endpoint({
  method: 'PUT',
  path: '/api/admin/games/:id',
  tag,
  auth: 'staff',
  roles: owner,
  summary: 'Switch a game on or off, mark it hot, or move it in the order; send only what changes (audited)',
  params: idParam,
  body: z.object({
    is_active: z.boolean().optional(),
    is_hot: z.boolean().optional(),
    sort_order: sortOrder.optional(),
  }),
  data: adminGame,
});

export const fairSeedStates = ['active', 'next', 'revealed'] as const;

export const adminFairSeed = z.object({
  id: z.number().int(),
  kind: z.enum(['player', 'shared']),
  member_id: z.number().int().nullable(),
  member_phone: z.string().nullable(),
  table: z.string().nullable().describe('a shared seed: its client seed, `room:shoe` or the fixture id'),
  state: z.enum(fairSeedStates),
  server_seed_hash: z.string(),
  server_seed: z.string().nullable().describe('only once revealed'),
  client_seed: z.string(),
  next_nonce: z.number().int(),
  created_at: timestamp,
  activated_at: timestamp.nullable(),
  revealed_at: timestamp.nullable(),
});

export const fairSeedsAdmin = endpoint({
  method: 'GET',
  path: '/api/admin/games/seeds',
  tag,
  auth: 'staff',
  roles: owner,
  summary:
    'In-house fairness seeds, newest first: published hashes, and the server seed once revealed (docs/rules/casino.md §6)',
  query: z.object({
    ...pageQuery,
    kind: z.enum(['player', 'shared']).optional(),
    state: z.enum(fairSeedStates).optional(),
    member_id: intId.optional(),
  }),
  data: paged(adminFairSeed),
});

export const rotateFairSeed = endpoint({
  method: 'POST',
  path: '/api/admin/games/seeds/:id/rotate',
  tag,
  auth: 'staff',
  roles: owner,
  summary:
    "Rotate a player's active seed now: reveal it, activate the committed next seed (nonce 0), commit a new next one (audited)",
  params: bigIdParam,
  data: z.object({
    revealed: z.object({ id: z.number().int(), server_seed: z.string(), server_seed_hash: z.string() }),
    active_server_seed_hash: z.string(),
    next_server_seed_hash: z.string(),
  }),
});

export const adminRound = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  member_phone: z.string().nullable(),
  game_id: z.number().int(),
  game_name: z.string(),
  wallet_type_id: z.number().int(),
  stake: baht,
  payout: baht.nullable(),
  status: z.enum(['open', 'settled', 'refunded']),
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int(),
  created_at: timestamp,
  settled_at: timestamp.nullable(),
});

export const gameRoundsAdmin = endpoint({
  method: 'GET',
  path: '/api/admin/games/rounds',
  tag,
  auth: 'staff',
  roles: owner,
  summary: 'Recent in-house game rounds, newest first, paged; filters: game, member, status',
  query: z.object({
    ...pageQuery,
    game_id: intId.optional(),
    member_id: intId.optional(),
    status: z.enum(['open', 'settled', 'refunded']).optional(),
  }),
  data: paged(adminRound),
});

export const adminGamesEndpoints: Endpoint[] = [
  gameProvidersAdmin,
  updateGameProvider,
  gamesAdmin,
  updateGame,
  fairSeedsAdmin,
  rotateFairSeed,
  gameRoundsAdmin,
];

import { z } from 'zod';
import { type Endpoint, endpoint } from '../endpoint.ts';
import {
  baht,
  bigId,
  bigIdParam,
  intId,
  isoDate,
  timestamp,
  wholeBahtAmount,
  wholeNumber,
} from '../fields.ts';

/** Lotto member API (docs/rules/lottery.md §10) and its operator API. */
const tag = 'lotto';

export const betTypeCodes = [
  'three_top',
  'three_tod',
  'three_front',
  'three_back',
  'two_top',
  'two_bottom',
  'run_top',
  'run_bottom',
] as const;
export const betType = z.enum(betTypeCodes);
export const roundStatus = z.enum(['scheduled', 'open', 'closed', 'resulted', 'settled', 'cancelled']);
export const billStatus = z.enum(['pending', 'won', 'lost', 'cancelled', 'refunded']);
export const itemStatus = z.enum(['pending', 'won', 'lost', 'refunded']);
export const deriveRule = z.enum(['glo', 'baac7', 'gsb2', 'lao4', 'hanoi', 'stock', 'yeekee']);
/** A rate (บาทละ) with two decimals, e.g. "3.20". */
export const rate = z.string().regex(/^\d{1,10}\.\d{2}$/);

const agentId = intId.optional();
const roundIdQuery = z.object({ round_id: bigId, agent_id: agentId });

/**
 * What became of a proposed result (docs/rules/lottery.md §8): `applied` (a second side agreed, the result
 * is written and settled), `awaiting` (a second person or the official feed must enter the same),
 * `review` (the proposals disagreed; nothing is settled).
 */
export const resultConfirmation = z.enum(['applied', 'awaiting', 'review']);

export const roundResult = z.object({
  first: z.string().optional(),
  top3: z.string(),
  top2: z.string(),
  bottom2: z.string(),
  front3: z.tuple([z.string(), z.string()]).optional(),
  back3: z.tuple([z.string(), z.string()]).optional(),
});

export const roundSummary = z.object({
  round_id: z.number().int(),
  market_id: z.number().int(),
  market_code: z.string(),
  market_name: z.string(),
  category_id: z.string(),
  derive_rule: deriveRule,
  business_date: isoDate,
  round_no: z.number().int(),
  status: roundStatus,
  open_at: timestamp,
  close_at: timestamp,
  shoot_close_at: timestamp.nullable(),
  expected_result_at: timestamp,
});

export const lobby = endpoint({
  method: 'GET',
  path: '/api/lotto/lobby',
  tag,
  auth: 'optional',
  summary: 'Categories → markets with their current round; answers with `status: 0` on success (spec §7)',
  query: z.object({ agent_id: agentId }),
  data: z.object({
    server_now: timestamp,
    categories: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        markets: z.array(
          z.object({
            market_id: z.number().int(),
            code: z.string(),
            name: z.string(),
            derive_rule: deriveRule,
            round: roundSummary.nullable(),
            yeekee_open_rounds: z.number().int().optional(),
          }),
        ),
      }),
    ),
  }),
});

export const rounds = endpoint({
  method: 'GET',
  path: '/api/lotto/rounds',
  tag,
  auth: 'optional',
  summary: 'Open and upcoming rounds',
  query: z.object({ agent_id: agentId, category_id: z.string().max(40).optional() }),
  data: z.object({ server_now: timestamp, rounds: z.array(roundSummary) }),
});

export const round = endpoint({
  method: 'GET',
  path: '/api/lotto/round',
  tag,
  auth: 'optional',
  summary: 'One round: key, status, times, enabled bet types and the server time',
  query: roundIdQuery,
  data: roundSummary.extend({
    enabled_types: z.array(betType),
    is_yeekee: z.boolean(),
    seal_commitment: z.string().nullable(),
    server_now: timestamp,
  }),
});

export const rule = endpoint({
  method: 'GET',
  path: '/api/lotto/rule',
  tag,
  auth: 'optional',
  summary: "The round's rule text and derive rule",
  query: roundIdQuery,
  data: z.object({
    round_id: z.number().int(),
    market_name: z.string(),
    derive_rule: deriveRule,
    rule_text: z.string(),
  }),
});

const rateLine = z.object({
  bet_type: betType,
  label: z.string(),
  rate,
  min: z.number().int(),
  max: z.number().int(),
  enabled: z.boolean(),
});

export const roundRate = endpoint({
  method: 'GET',
  path: '/api/lotto/rate',
  tag,
  auth: 'optional',
  summary: "The round's rate per bet type",
  query: roundIdQuery,
  data: z.object({
    round_id: z.number().int(),
    special: z.boolean().describe("the round's own rates, set apart from its market's"),
    rates: z.array(rateLine),
  }),
});

export const rates = endpoint({
  method: 'GET',
  path: '/api/lotto/rates',
  tag,
  auth: 'optional',
  summary: "Rate table for a category's markets (every category without category_id)",
  query: z.object({ category_id: z.string().max(40).optional(), agent_id: agentId }),
  data: z.object({
    categories: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        markets: z.array(
          z.object({
            market_id: z.number().int(),
            code: z.string(),
            name: z.string(),
            round_id: z
              .number()
              .int()
              .nullable()
              .describe('the round whose rates these are, if one is coming'),
            special: z.boolean().describe("the round's own rates, set apart from its market's"),
            rates: z.array(rateLine),
          }),
        ),
      }),
    ),
  }),
});

export const limit = endpoint({
  method: 'GET',
  path: '/api/lotto/limit',
  tag,
  auth: 'optional',
  summary: 'Min/max per bet type; เลขอั้น: closed, reduced with rate, capped with the amount remaining',
  query: roundIdQuery,
  data: z.object({
    round_id: z.number().int(),
    types: z.array(
      z.object({
        bet_type: betType,
        min: z.number().int(),
        max: z.number().int(),
        ceiling: z.number().int(),
      }),
    ),
    numbers: z.array(
      z.object({
        bet_type: betType,
        number: z.string(),
        action: z.enum(['closed', 'reduced_rate', 'capped']),
        rate: rate.nullable(),
        remaining: z.number().int().nullable(),
      }),
    ),
  }),
});

const sealReveal = z.object({
  commitment: z.string(),
  offset_ms: z.number().int().nullable(),
  salt: z.string().nullable(),
});

/** One round's result as `GET /api/lotto/result?round_id` answers it. */
export const roundResultAnswer = z.object({
  round_id: z.number().int(),
  status: roundStatus,
  result: roundResult.nullable(),
  result_version: z.number().int(),
  result_hash: z.string().nullable(),
  yeekee: z
    .object({
      shots: z.number().int(),
      sum: z.number().int().nullable(),
      p16: z.number().int().nullable(),
      r: z.string().nullable(),
      seal: sealReveal.nullable(),
    })
    .nullable(),
});

export const result = endpoint({
  method: 'GET',
  path: '/api/lotto/result',
  tag,
  auth: 'optional',
  summary:
    "With round_id: that round's normalised result (for yeekee also S, P16, R and the sealed-close reveal). " +
    'Without: the latest result of every active market, in display order',
  query: z.object({ round_id: bigId.optional(), agent_id: agentId }),
  data: z.union([
    roundResultAnswer,
    z.object({
      results: z
        .array(
          roundSummary.extend({
            result: roundResult,
            result_version: z.number().int(),
            result_hash: z.string().nullable(),
            /** True for the demo seed's made-up history: not an official result. */
            demo: z.boolean(),
          }),
        )
        .describe('Per market, its most recent round with a result; a market with none is left out'),
    }),
  ]),
});

export const results = endpoint({
  method: 'GET',
  path: '/api/lotto/results',
  tag,
  auth: 'optional',
  summary: 'Every result of an Asia/Bangkok business date, by category',
  query: z.object({ agent_id: agentId, date: isoDate.optional() }),
  data: z.object({
    date: isoDate,
    categories: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        rounds: z.array(
          roundSummary.extend({
            result: roundResult.nullable(),
            /** True for the demo seed's made-up history: not an official result. */
            demo: z.boolean(),
          }),
        ),
      }),
    ),
  }),
});

export const publishedShot = z.object({
  seq: z.number().int(),
  member_ref: z.string(),
  number: z.string(),
  server_ts: timestamp,
  hash: z.string(),
});

export const yeekeeList = endpoint({
  method: 'GET',
  path: '/api/lotto/yeekee/list',
  tag,
  auth: 'optional',
  summary: 'Own shots and the count while shooting is open; the full hash-chained list after close',
  query: roundIdQuery,
  data: z.object({
    round_id: z.number().int(),
    status: roundStatus,
    shooting_open: z.boolean(),
    shoot_close_at: timestamp.nullable(),
    shot_count: z.number().int(),
    own: z.array(z.object({ seq: z.number().int(), number: z.string(), server_ts: timestamp })),
    shots: z.array(publishedShot).nullable(),
    chain_seed: z.string(),
    server_now: timestamp,
  }),
});

export const yeekeeLists = endpoint({
  method: 'GET',
  path: '/api/lotto/yeekee/lists',
  tag,
  auth: 'optional',
  summary: "That business day's yeekee rounds with statuses and results",
  query: roundIdQuery,
  data: z.object({
    business_date: isoDate,
    server_now: timestamp,
    rounds: z.array(
      z.object({
        round_id: z.number().int(),
        round_no: z.number().int(),
        status: roundStatus,
        close_at: timestamp,
        shoot_close_at: timestamp.nullable(),
        result: roundResult.nullable(),
      }),
    ),
  }),
});

export const shootNumber = endpoint({
  method: 'POST',
  path: '/api/lotto/yeekee/shoot_number',
  tag,
  auth: 'member',
  summary: 'Shoot a 5-digit number into a yeekee round; refused with the reason and cooldown left',
  body: z.object({
    agent_id: agentId,
    round_id: bigId,
    number: z.string().regex(/^[0-9]{5}$/, { error: 'กรุณากรอกตัวเลข 5 หลัก' }),
  }),
  data: z.object({
    round_id: z.number().int(),
    seq: z.number().int(),
    number: z.string(),
    server_ts: timestamp,
    cooldown_seconds: z.number().int(),
  }),
});

export const billItemInput = z.object({
  bet_type: betType,
  number: z.string().max(3),
  // Far above any round's maximum per number, and small enough that stake × rate of 200 lines stays an
  // exact number of satang.
  amount: wholeBahtAmount({ whole: 'จำนวนเงินต้องเป็นจำนวนเต็ม' }).refine((baht) => baht <= 10_000_000, {
    error: 'จำนวนเงินสูงเกินไป',
  }),
});

export const billInput = z.object({
  agent_id: agentId,
  round_id: bigId,
  wallet_id: intId,
  idempotency_key: z.string().min(8).max(100).optional(),
  items: z
    .array(billItemInput)
    .min(1, { error: 'กรุณาเพิ่มเลขอย่างน้อย 1 รายการ' })
    .max(200, { error: 'โพยหนึ่งใบมีได้ไม่เกิน 200 รายการ' }),
});

export const itemProblem = z.object({
  code: z.string(),
  message: z.string(),
  warning: z.boolean(),
  remaining: z.number().int().optional(),
});

export const billValidate = endpoint({
  method: 'POST',
  path: '/api/lotto/bill/validate',
  tag,
  auth: 'member',
  summary: 'Dry run of bill/create: per item the effective rate, potential win and problems; totals',
  body: billInput,
  data: z.object({
    ok: z.boolean(),
    items: z.array(
      z.object({
        bet_type: betType,
        number: z.string(),
        amount: z.number().int(),
        rate,
        potential_win: baht,
        problems: z.array(itemProblem),
      }),
    ),
    total_amount: baht,
    total_potential_win: baht,
    balance: baht,
    problems: z.array(itemProblem),
  }),
});

export const billItem = z.object({
  id: z.number().int(),
  bet_type: betType,
  number: z.string(),
  amount: baht,
  rate,
  potential_win: baht,
  status: itemStatus,
  win_amount: baht,
});

export const bill = z.object({
  bill_id: z.number().int(),
  round_id: z.number().int(),
  market_name: z.string(),
  business_date: isoDate,
  round_no: z.number().int(),
  wallet_type_id: z.number().int(),
  status: billStatus,
  total_amount: baht,
  total_win: baht,
  item_count: z.number().int(),
  created_at: timestamp,
  close_at: timestamp,
  cancellable: z.boolean(),
});

export const billCreate = endpoint({
  method: 'POST',
  path: '/api/lotto/bill/create',
  tag,
  auth: 'member',
  summary: 'Buy a bill: one transaction, idempotent by idempotency_key (or the Idempotency-Key header)',
  body: billInput,
  data: z.object({ bill, items: z.array(billItem), balance: baht }),
});

export const billCancel = endpoint({
  method: 'POST',
  path: '/api/lotto/bill/cancel',
  tag,
  auth: 'member',
  summary: 'Cancel an own pending bill (regular markets, up to 30 minutes before close)',
  body: z.object({ agent_id: agentId, bill_id: bigId }),
  data: z.object({ bill, refunded: baht, balance: baht }),
});

export const billList = endpoint({
  method: 'GET',
  path: '/api/lotto/bill/list',
  tag,
  auth: 'member',
  summary: "The member's bills, newest first, filterable by status and business date",
  query: z.object({
    agent_id: agentId,
    status: billStatus.optional(),
    date: isoDate.optional(),
    round_id: bigId.optional(),
    page: wholeNumber(1, 1_000_000).default(1),
    per_page: wholeNumber(1, 100).default(20),
  }),
  data: z.object({
    items: z.array(bill),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
});

export const billDetail = endpoint({
  method: 'GET',
  path: '/api/lotto/bill/detail',
  tag,
  auth: 'member',
  summary: 'A bill: items with rate snapshots, the round result and winnings',
  query: z.object({ agent_id: agentId, bill_id: bigId }),
  data: z.object({ bill, items: z.array(billItem), result: roundResult.nullable() }),
});

export const lottoWallets = endpoint({
  method: 'POST',
  path: '/api/lotto/wallets',
  tag,
  auth: 'member',
  summary: 'Lotto-eligible wallets with balances',
  body: z.object({ agent_id: agentId }).optional(),
  data: z.array(
    z.object({
      id: z.number().int(),
      wallet_name: z.string(),
      balance: baht,
      wallet_type_id: z.number().int(),
    }),
  ),
});

// Operator API (role lotto or owner), every action audited.
const staffRoles = ['owner', 'lotto'] as const;
const roundParam = bigIdParam;

export const adminRounds = endpoint({
  method: 'GET',
  path: '/api/admin/lotto/rounds',
  tag,
  auth: 'staff',
  roles: staffRoles,
  summary: 'Rounds by business date (or a range of dates), status and market, paged',
  query: z.object({
    date: isoDate.optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    status: roundStatus.optional(),
    market_id: intId.optional(),
    page: wholeNumber(1, 1_000_000).default(1),
    page_size: wholeNumber(1, 200).default(50),
  }),
  data: z.object({
    items: z.array(
      roundSummary.extend({
        result: roundResult.nullable(),
        result_version: z.number().int(),
        rate_overridden: z.boolean(),
        bills: z.number().int(),
        total_stake: baht,
      }),
    ),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
});

export const adminEnterResult = endpoint({
  method: 'POST',
  path: '/api/admin/lotto/rounds/:id/result',
  tag,
  auth: 'staff',
  money: true,
  roles: staffRoles,
  summary:
    "Propose a market's official output (or a correction, with a reason), from the round's draw time on: written and settled only when a second person, or the official feed, proposes the same (docs/rules/lottery.md §8); a disagreement puts the round under review. Audited",
  params: roundParam,
  body: z.object({
    raw: z.record(z.string(), z.unknown()),
    reason: z.string().trim().max(500).optional(),
  }),
  data: z.object({
    round_id: z.number().int(),
    status: roundStatus,
    confirmation: resultConfirmation,
    result: roundResult,
    result_version: z.number().int(),
    settled_bills: z.number().int(),
    paid: baht,
    replayed: z.boolean(),
  }),
});

export const adminCancelRound = endpoint({
  method: 'POST',
  path: '/api/admin/lotto/rounds/:id/cancel',
  tag,
  auth: 'staff',
  money: true,
  roles: staffRoles,
  summary: 'Cancel a round before settlement, refunding every pending bill (audited)',
  params: roundParam,
  body: z.object({ reason: z.string().trim().min(1, { error: 'กรุณาระบุเหตุผล' }).max(500) }),
  data: z.object({ round_id: z.number().int(), refunded_bills: z.number().int(), refunded: baht }),
});

export const adminCloseRound = endpoint({
  method: 'POST',
  path: '/api/admin/lotto/rounds/:id/close',
  tag,
  auth: 'staff',
  money: true,
  roles: staffRoles,
  summary:
    'Close betting now; before the scheduled close only the owner may (the round can be reopened until then). A yeekee round also ends shooting and is drawn at once (audited)',
  params: roundParam,
  body: z.object({ reason: z.string().trim().min(1, { error: 'กรุณาระบุเหตุผล' }).max(500) }),
  data: z.object({ round_id: z.number().int(), status: roundStatus, close_at: timestamp }),
});

export const adminNumberLimit = endpoint({
  method: 'POST',
  path: '/api/admin/lotto/rounds/:id/number_limits',
  tag,
  auth: 'staff',
  roles: staffRoles,
  summary: 'Set or clear a เลขอั้น on a round: closed, reduced_rate (half or an explicit rate) or capped',
  params: roundParam,
  body: z.object({
    bet_type: betType,
    number: z.string().regex(/^[0-9]{1,3}$/),
    action: z.enum(['closed', 'reduced_rate', 'capped', 'none']),
    rate: rate.optional(),
    cap: wholeBahtAmount().optional(),
  }),
  data: z.object({ round_id: z.number().int(), bet_type: betType, number: z.string(), action: z.string() }),
});

/** Every endpoint of the lotto module, listed for the OpenAPI document. */
export const lottoEndpoints: Endpoint[] = [
  lobby,
  rounds,
  round,
  rule,
  roundRate,
  rates,
  limit,
  result,
  results,
  yeekeeList,
  yeekeeLists,
  shootNumber,
  billValidate,
  billCreate,
  billCancel,
  billList,
  billDetail,
  lottoWallets,
  adminRounds,
  adminEnterResult,
  adminCancelRound,
  adminCloseRound,
  adminNumberLimit,
];

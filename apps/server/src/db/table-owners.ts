import type { DB } from './database.generated.ts';

/**
 * The floors of the server's modules, lowest first (docs/architecture.md, "Module floors"). A module
 * imports only modules on a lower floor (their `service.ts`), never one on its own floor or above, so
 * the modules form one order with no cycle and no exception. A new module takes the lowest floor above
 * every module it imports. `apps/server/test/module-order.test.ts` checks every import in `modules/`.
 */
export const moduleFloors = [
  // 0 foundation: the ledger, the member row, the operator's published content, the connectors' common ground
  ['wallet', 'members', 'content', 'connectors'],
  // 1 logins and sessions, the member's protection settings, the LINE link
  ['auth', 'protection', 'line'],
  // 2 staff accounts, the game providers and their seamless wallet
  ['admin', 'games'],
  // 3 the lottery, the in-house games
  ['lotto', 'originals'],
  // 4 points from settled play, the baccarat roads
  ['points', 'sooth'],
  // 5 reward claims, holds and the free-credit wallet
  ['rewards'],
  // 6 deposits and withdrawals, and the rewards paid through the claims
  ['payments', 'affiliate', 'cashback', 'coupons', 'shop', 'wheel'],
  // 7 rewards that read deposits
  ['checkin', 'polls'],
  // 8 quests (read the check-in)
  ['quests'],
  // 9 the readers: the dashboard and the operator console
  ['reports', 'console'],
] as const;

export type ModuleName = (typeof moduleFloors)[number][number];

/** Each module's floor (its index in `moduleFloors`). */
export const moduleRanks = Object.fromEntries(
  moduleFloors.flatMap((floor, rank) => floor.map((name) => [name, rank])),
) as Record<ModuleName, number>;

/** Who may name a table: a module under `modules/`, or the platform (docs/architecture.md, "Tables have one owner"). */
export type TableOwner =
  | 'platform'
  | 'content'
  | 'members'
  | 'auth'
  | 'admin'
  | 'wallet'
  | 'lotto'
  | 'games'
  | 'originals'
  | 'payments'
  | 'points'
  | 'rewards'
  | 'wheel'
  | 'checkin'
  | 'quests'
  | 'shop'
  | 'coupons'
  | 'affiliate'
  | 'cashback'
  | 'polls'
  | 'line'
  | 'reports'
  | 'protection'
  | 'connectors';

/**
 * Every table and the one module that owns it: the only folder whose files may name it freely. Another
 * module writes it through a capability of the owner's `service.ts`; one that must read it in its own
 * statement (a join with its own tables, a hot path) hosts that statement in its `<owner>-queries.ts`
 * (`lotto/wallet-queries.ts`) under a grant (`grants` below). Platform tables are named only by their platform helper (`platform/audit.ts`, `platform/idempotency.ts`).
 *
 * A new migration's table must be added here (apps/server/test/table-owners.test.ts fails until it is).
 */
export const tableOwners = {
  // platform
  audit_log: 'platform',
  idempotency_request: 'platform',
  member_write_quota: 'platform',
  rate_limit_hit: 'platform',
  // content: the operator (agent), its receiving accounts and its published texts
  agent: 'content',
  agent_bank_account: 'content',
  agent_true_money_account: 'content',
  notification: 'content',
  banner: 'content',
  event: 'content',
  promotion: 'content',
  // members
  member: 'members',
  member_note: 'members',
  // auth
  member_session: 'auth',
  otp: 'auth',
  otp_quota: 'auth',
  sms_outbox: 'auth',
  // admin
  staff: 'admin',
  staff_session: 'admin',
  // wallet: the ledger, the reconciliation freezes, and the correction-debt register (lotto writes
  // debts through the wallet service; the ledger recovers them from the next credits)
  wallet_type: 'wallet',
  ledger_account: 'wallet',
  ledger_transfer: 'wallet',
  ledger_rollup: 'wallet',
  member_withdrawal_freeze: 'wallet',
  lotto_member_debt: 'wallet',
  // lotto
  lotto_bill: 'lotto',
  lotto_bill_item: 'lotto',
  lotto_category: 'lotto',
  lotto_exposure: 'lotto',
  lotto_exposure_slot: 'lotto',
  lotto_market: 'lotto',
  lotto_number_limit: 'lotto',
  lotto_result_entry: 'lotto',
  lotto_result_feed: 'lotto',
  lotto_round: 'lotto',
  lotto_shot: 'lotto',
  lotto_template: 'lotto',
  lotto_win_payment: 'lotto',
  lotto_yeekee_reward: 'lotto',
  // games: providers, catalogue, lobby, launches and the seamless wallet
  game_provider: 'games',
  game: 'games',
  game_wallet_category: 'games',
  lobby_config: 'games',
  game_play: 'games',
  game_launch: 'games',
  game_session: 'games',
  wallet_op: 'games',
  provider_nonce: 'games',
  game_demo_session: 'games',
  // originals: the in-house games
  fair_seed: 'originals',
  game_round: 'originals',
  baccarat_room: 'originals',
  baccarat_shoe: 'originals',
  baccarat_hand: 'originals',
  football_fixture: 'originals',
  // payments
  payment_setting: 'payments',
  payment_channel: 'payments',
  payment_sub_channel: 'payments',
  promptpay_account: 'payments',
  payment_gateway: 'payments',
  sandbox_gateway_payment: 'payments',
  promotion_rule: 'payments',
  deposit_request: 'payments',
  gateway_event: 'payments',
  statement_import: 'payments',
  statement_line: 'payments',
  withdrawal: 'payments',
  member_withdraw_limit: 'payments',
  member_promotion: 'payments',
  // points: the points ledger and its accrual from settled play
  point_account: 'points',
  point_transfer: 'points',
  point_accrual: 'points',
  point_accrual_cursor: 'points',
  // rewards: once-only claims and risk holds (G2, G5), the free-credit wallet's rules, feature settings
  reward_claim: 'rewards',
  free_credit_state: 'rewards',
  reward_setting: 'rewards',
  // wheel: the prize wheel's versioned prize tables and its spins
  wheel_version: 'wheel',
  wheel_prize: 'wheel',
  wheel_spin: 'wheel',
  // checkin: the daily stamps (docs/rules/engagement.md §5)
  checkin_stamp: 'checkin',
  // quests: the operator's quests and which of their periods a claim paid (§6)
  quest: 'quests',
  quest_claim: 'quests',
  // shop: the point shop's items, quotes, orders and monthly counts
  shop_item: 'shop',
  shop_quote: 'shop',
  shop_order: 'shop',
  shop_monthly_count: 'shop',
  // coupons: campaigns, codes, each member's use of a code, the wrong-code lock-out
  coupon_campaign: 'coupons',
  coupon: 'coupons',
  coupon_use: 'coupons',
  coupon_attempt: 'coupons',
  // affiliate: the affiliate balance, the daily commission and its runs (docs/rules/engagement.md §11)
  affiliate_account: 'affiliate',
  affiliate_entry: 'affiliate',
  affiliate_payout: 'affiliate',
  affiliate_commission_line: 'affiliate',
  affiliate_run: 'affiliate',
  // cashback: what each loss cashback and turnover commission payment was computed from
  cashback_payout: 'cashback',
  // polls: polls and their choices, each member's quota and choice, every vote (docs/rules/engagement.md §10)
  poll: 'polls',
  poll_choice: 'polls',
  poll_member: 'polls',
  poll_vote: 'polls',
  // line: the LINE account a member linked from a LIFF page
  member_line_link: 'line',
  // line: LINE messages, the kinds each member opted into, LINE's follow state, the outbox and its batches
  line_notify_pref: 'line',
  line_follow: 'line',
  line_push: 'line',
  line_push_batch: 'line',
  // reports: the dashboard's figures of closed days
  report_day: 'reports',
  // protection: the limits, reality check, time-outs and self-exclusion a member sets (docs/rules/protection.md)
  protection_member: 'protection',
  protection_limit: 'protection',
  protection_event: 'protection',
  // connectors: credentials sealed from the console, every call out, webhook event ids (docs/rules/connectors.md)
  connector_secret: 'connectors',
  connector_call: 'connectors',
  connector_event: 'connectors',
} as const satisfies Record<keyof DB, TableOwner>;

export type OwnedTable = keyof typeof tableOwners;

/**
 * Reads the owners grant: a module on a higher floor that must read another module's table in one
 * statement hosts that statement itself, in its own `<owner>-queries.ts`, and the table's owner lists
 * it here (a row lock taken by that read, `FOR UPDATE`, counts as reading).
 * A grant is for reading only: writes go through the owner's service. apps/server/test/table-owners.test.ts
 * fails on a statement that names a table neither owned nor granted, on a granted table written, and on a
 * grant to a module that does not stand above the owner.
 */
export const grants: Partial<Record<OwnedTable, readonly ModuleName[]>> = {
  // the console's member page (modules/console/member-queries.ts)
  // the member row: the session check and the login (auth), a debit claim's and a launch's status check
  // (games), the network (affiliate), the risk rule (rewards), the payouts' candidates and name checks
  // (payments), new members per day (reports)
  member: ['console', 'auth', 'games', 'affiliate', 'rewards', 'payments', 'reports'],
  member_note: ['console'],
  // the ledger: the lottery's wallet lookups, the seamless wallet's replay, the affiliate network's
  // deposits, player protection's play totals, the dashboard's day figures
  ledger_account: ['console', 'lotto', 'protection', 'affiliate', 'reports'],
  ledger_transfer: ['games', 'protection', 'affiliate', 'reports'],
  wallet_type: ['console'],
  member_withdrawal_freeze: ['console'],
  lotto_bill: ['console', 'points'], // points: the accrual's resulted bills
  lotto_bill_item: ['console'],
  lotto_round: ['console'],
  lotto_market: ['console'],
  // the seamless wallet and the catalogue: the dashboard's game figures, the points accrual's settled
  // rounds, the in-house games' rounds and sessions
  wallet_op: ['console', 'reports', 'points'],
  game: ['console', 'reports', 'points', 'originals'],
  game_session: ['originals'],
  reward_claim: ['console', 'cashback'], // cashback: its reports' claim statuses
  deposit_request: ['console'],
  payment_channel: ['console'],
  withdrawal: ['console'],
  member_promotion: ['console'],
  // lotto: who proposed a result and who last saved a template, by username (result-entries-queries.ts, templates-queries.ts)
  staff: ['lotto'],
  // content's receiving accounts and promotions, as payments reads them with its own rows
  agent_bank_account: ['payments'],
  agent_true_money_account: ['payments'],
  promotion: ['payments'],
  // the in-house games: the points accrual's baccarat bets, the baccarat roads
  game_round: ['points', 'sooth'],
  baccarat_room: ['sooth'],
  baccarat_shoe: ['sooth'],
  baccarat_hand: ['sooth'],
  // the accrual's settled figures: the affiliate commission, loss cashback and turnover commission
  point_accrual: ['affiliate', 'cashback', 'quests'], // quests: the play task
  checkin_stamp: ['quests'], // the check-in task
};

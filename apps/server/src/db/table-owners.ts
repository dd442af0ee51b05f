import type { DB } from './database.generated.ts';

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
  | 'protection';

/**
 * Every table and the one module that owns it: the only folder whose files may name it. Another module
 * reads or writes it through the owner's `service.ts`; a hot path that must join it in one statement
 * keeps that query in the owner's folder, in a file named for its caller (`wallet/lotto-queries.ts`).
 * Platform tables are named only by their platform helper (`platform/audit.ts`, `platform/idempotency.ts`).
 *
 * A new migration's table must be added here (apps/server/test/table-owners.test.ts fails until it is).
 */
export const tableOwners = {
  // platform
  audit_log: 'platform',
  idempotency_request: 'platform',
  member_write_quota: 'platform',
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
  lotto_round: 'lotto',
  lotto_shot: 'lotto',
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
  // reports: the dashboard's figures of closed days
  report_day: 'reports',
  // protection: the limits, reality check, time-outs and self-exclusion a member sets (docs/rules/protection.md)
  protection_member: 'protection',
  protection_limit: 'protection',
  protection_event: 'protection',
} as const satisfies Record<keyof DB, TableOwner>;

export type OwnedTable = keyof typeof tableOwners;

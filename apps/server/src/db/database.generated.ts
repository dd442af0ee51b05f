/**
 * The database as the app receives it, generated from the migrated schema by `npm run db:types`
 * (scripts/db-types.ts). Do not edit: add a migration and run `npm run db:types`.
 * apps/server/test/db-types.test.ts fails when this file is stale.
 */
import type { ColumnType } from 'kysely';

export type ArrayType<T> = ArrayTypeImpl<T> extends (infer U)[] ? U[] : ArrayTypeImpl<T>;

export type ArrayTypeImpl<T> =
  T extends ColumnType<infer S, infer I, infer U> ? ColumnType<S[], I[], U[]> : T[];

export type Generated<T> =
  T extends ColumnType<infer S, infer I, infer U>
    ? ColumnType<S, I | undefined, U>
    : ColumnType<T, T | undefined, T>;

export type JsonArray = JsonValue[];

export type JsonObject = {
  [x: string]: JsonValue | undefined;
};

export type JsonPrimitive = boolean | number | string | null;

export type JsonValue = JsonArray | JsonObject | JsonPrimitive;

export type Numeric = ColumnType<string, number | string, number | string>;

export type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface AffiliateAccount {
  balance_satang: Generated<number>;
  member_id: number;
  redeem_day: Timestamp | null;
  redeemed_day_satang: Generated<number>;
  redeems: Generated<number>;
  updated_at: Generated<Timestamp>;
}

export interface AffiliateCommissionLine {
  commission_satang: number;
  day: Timestamp;
  downline_id: number;
  excluded: Generated<boolean>;
  level: number;
  net_loss_satang: number;
  payout_satang: number;
  rate_bp: number;
  referrer_id: number;
  stake_satang: number;
}

export interface AffiliateEntry {
  amount_satang: number;
  balance_after: number;
  created_at: Generated<Timestamp>;
  day: Timestamp;
  id: Generated<number>;
  idempotency_key: string;
  kind: 'commission' | 'redeem' | 'returned';
  member_id: number;
  reference: string;
}

export interface AffiliatePayout {
  amount_satang: number;
  created_at: Generated<Timestamp>;
  day: Timestamp;
  referrer_id: number;
  withheld_reason: string | null;
  withheld_satang: Generated<number>;
}

export interface AffiliateRun {
  day: Timestamp;
  finished_at: Generated<Timestamp>;
  id: Generated<number>;
  paid: number;
  paid_satang: number;
  referrers: number;
  repeated: number;
  staff_id: number | null;
  started_at: Timestamp;
  withheld: Generated<number>;
  withheld_satang: Generated<number>;
}

export interface Agent {
  code: string;
  created_at: Generated<Timestamp>;
  id: number;
  line_admin_url: Generated<string>;
  line_contact_url: Generated<string>;
  logo_url: Generated<string>;
  name: string;
  updated_at: Generated<Timestamp>;
}

export interface AgentBankAccount {
  account_name: string;
  account_no: string;
  agent_id: number;
  bank_code: string;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  is_active: Generated<boolean>;
  sort_order: Generated<number>;
  updated_at: Generated<Timestamp>;
}

export interface AgentTrueMoneyAccount {
  account_name: string;
  agent_id: number;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  is_active: Generated<boolean>;
  phone: string;
  sort_order: Generated<number>;
  updated_at: Generated<Timestamp>;
}

export interface AuditLog {
  action: string;
  actor_id: number | null;
  actor_type: 'staff' | 'member' | 'system';
  after: ColumnType<JsonValue, string, string> | null;
  before: ColumnType<JsonValue, string, string> | null;
  created_at: Generated<Timestamp>;
  entity: string;
  entity_id: string | null;
  hash: Buffer;
  id: Generated<number>;
  prev_hash: Buffer | null;
}

export interface BaccaratHand {
  closes_at: Timestamp;
  dealt_at: Timestamp | null;
  hand_no: number;
  id: Generated<number>;
  opens_at: Timestamp;
  result: ColumnType<JsonValue, string, string> | null;
  room_id: number;
  shoe_id: number;
}

export interface BaccaratRoom {
  id: number;
  is_active: Generated<boolean>;
  max_bet: Generated<number>;
  min_bet: Generated<number>;
  name: string;
}

export interface BaccaratShoe {
  cards_used: Generated<number>;
  closed_at: Timestamp | null;
  created_at: Timestamp;
  id: Generated<number>;
  room_id: number;
  seed_id: number;
  shoe_no: number;
}

export interface Banner {
  agent_id: number;
  created_at: Generated<Timestamp>;
  end_at: Timestamp | null;
  id: Generated<number>;
  image: string;
  is_active: Generated<boolean>;
  link: string | null;
  sort_order: Generated<number>;
  start_at: Timestamp | null;
  title: string;
  updated_at: Generated<Timestamp>;
}

export interface CashbackPayout {
  amount_satang: number;
  base_satang: number;
  claim_id: number;
  created_at: Generated<Timestamp>;
  day: Timestamp;
  id: Generated<number>;
  kind: 'loss' | 'lotto' | 'commission';
  member_id: number;
  paid_by: 'member' | 'job' | 'operator';
  payout_satang: number;
  rate_bp: number;
  staff_id: number | null;
  stake_satang: number;
}

export interface CheckinStamp {
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  member_id: number;
  points: number;
  stamp_date: string;
  stamped_at: Timestamp;
  streak_day: number;
  streak_start: string;
}

export interface ConnectorCall {
  at: Timestamp;
  connector: string;
  error: string | null;
  http_status: number | null;
  id: Generated<number>;
  latency_ms: number;
  operation: string;
  outcome: 'ok' | 'error' | 'timeout';
  request_id: string;
}

export interface ConnectorEvent {
  connector: string;
  event_id: string;
  received_at: Timestamp;
}

export interface ConnectorSecret {
  connector: string;
  key_id: string;
  name: string;
  sealed: Buffer;
  updated_at: Timestamp;
  updated_by: number | null;
}

export interface Coupon {
  campaign_id: number;
  code: string;
  created_at: Generated<Timestamp>;
  disabled_at: Timestamp | null;
  disabled_by: number | null;
  id: Generated<number>;
  member_id: number | null;
  quota: number;
  status: Generated<'active' | 'disabled'>;
  used: Generated<number>;
}

export interface CouponAttempt {
  failed_at: Generated<ArrayType<Timestamp>>;
  locked_until: Timestamp | null;
  member_id: number;
}

export interface CouponCampaign {
  amount_satang: number;
  created_at: Generated<Timestamp>;
  created_by: number;
  disabled_at: Timestamp | null;
  disabled_by: number | null;
  expires_at: Timestamp | null;
  id: Generated<number>;
  kind: 'campaign' | 'personal';
  operator_code: string | null;
  status: Generated<'active' | 'disabled'>;
  title: string;
}

export interface CouponUse {
  amount_satang: number;
  claim_id: number;
  coupon_id: number;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  member_id: number;
}

export interface DepositRequest {
  account_id: number;
  account_kind: 'bank' | 'truemoney' | 'gateway';
  amount_satang: number;
  channel_id: number;
  confirm_ref: string | null;
  confirmed_by: number | null;
  confirmed_via: 'operator' | 'statement' | 'gateway' | null;
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  first_approval_at: Timestamp | null;
  first_approval_by: number | null;
  first_approval_ref: string | null;
  gateway_ref: string | null;
  id: Generated<number>;
  last_inquiry_at: Timestamp | null;
  member_id: number;
  notice: string | null;
  paid_at: Timestamp | null;
  paid_satang: number | null;
  pay_amount_satang: number;
  promotion_id: number | null;
  promptpay_account_id: number | null;
  qr_payload: string | null;
  reason: string | null;
  reserved: Generated<boolean>;
  review_satang: number | null;
  status: Generated<'open' | 'paid' | 'expired' | 'cancelled' | 'review' | 'rejected'>;
  sub_channel_id: number;
  updated_at: Generated<Timestamp>;
}

export interface Event {
  agent_id: number;
  created_at: Generated<Timestamp>;
  end_at: Timestamp | null;
  id: Generated<number>;
  image: string;
  is_active: Generated<boolean>;
  link: string | null;
  poll_id: number | null;
  sort_order: Generated<number>;
  start_at: Timestamp | null;
  title: string;
  updated_at: Generated<Timestamp>;
}

export interface FairSeed {
  activated_at: Timestamp | null;
  client_seed: string;
  created_at: Timestamp;
  id: Generated<number>;
  member_id: number | null;
  next_nonce: Generated<number>;
  revealed_at: Timestamp | null;
  server_seed: string;
  server_seed_hash: string;
}

export interface FootballFixture {
  away: string;
  away_goals: number | null;
  home: string;
  home_goals: number | null;
  id: Generated<number>;
  kickoff_at: Timestamp;
  lambda_away: number;
  lambda_home: number;
  odds: ColumnType<JsonValue, string, string>;
  seed_id: number;
  settled_at: Timestamp | null;
}

export interface FreeCreditState {
  cap_satang: Generated<number>;
  granted_satang: Generated<number>;
  member_id: number;
  requirement_satang: Generated<number>;
  resets: Generated<number>;
  since: Generated<Timestamp>;
}

export interface Game {
  blocked_countries: Generated<string[]>;
  categories: string[];
  code: string;
  created_at: Generated<Timestamp>;
  demo_allowed: Generated<boolean>;
  id: Generated<number>;
  image: string;
  is_active: Generated<boolean>;
  is_hot: Generated<boolean>;
  live_dealer: Generated<boolean>;
  mobile_support: Generated<boolean>;
  name: string;
  provider_id: string;
  sort_order: Generated<number>;
  sub_provider_id: Generated<string>;
  sub_provider_name: Generated<string>;
  supplier_enabled: Generated<boolean>;
  synced_at: Timestamp | null;
}

export interface GameDemoSession {
  balance: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  game_id: number;
  id: Generated<number>;
  pending: Generated<ColumnType<JsonValue, string, string>>;
  token_hash: Buffer;
}

export interface GameLaunch {
  created_at: Timestamp;
  expires_at: Timestamp;
  game_id: number;
  id: Generated<number>;
  is_mobile: Generated<boolean>;
  member_id: number;
  member_session_id: number | null;
  revoked_at: Timestamp | null;
  source: Generated<string>;
  token_hash: Buffer;
  used_at: Timestamp | null;
  wallet_type_id: number;
}

export interface GamePlay {
  game_id: number;
  last_played_at: Timestamp;
  member_id: number;
  plays: Generated<number>;
}

export interface GameProvider {
  created_at: Generated<Timestamp>;
  id: string;
  is_active: Generated<boolean>;
  launch_url: string | null;
  logo: Generated<string>;
  name: string;
  secret: string | null;
  sort_order: Generated<number>;
}

export interface GameRound {
  client_seed: string;
  created_at: Timestamp;
  detail: Generated<ColumnType<JsonValue, string, string>>;
  game_id: number;
  id: Generated<number>;
  member_id: number;
  nonce: number;
  outcome: ColumnType<JsonValue, string, string> | null;
  payout: number | null;
  seed_id: number;
  server_seed_hash: string;
  settled_at: Timestamp | null;
  stake: number;
  status: 'open' | 'settled' | 'refunded';
  table_ref: string | null;
  wallet_type_id: number;
}

export interface GameSession {
  closed_at: Timestamp | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  game_id: number;
  id: Generated<number>;
  last_seen_at: Timestamp;
  member_id: number;
  member_session_id: number | null;
  provider_id: string;
  token_hash: Buffer | null;
  wallet_type_id: number;
}

export interface GameWalletCategory {
  category: string;
  wallet_type_id: number;
}

export interface GatewayEvent {
  event_id: string;
  gateway: string;
  gateway_ref: string;
  paid_satang: number;
  received_at: Generated<Timestamp>;
  status: string;
}

export interface IdempotencyRequest {
  created_at: Generated<Timestamp>;
  key: string;
  member_id: number;
  request_hash: Buffer;
  response: ColumnType<JsonValue, string, string> | null;
  scope: string;
}

export interface LedgerAccount {
  balance: number | null;
  code: string | null;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  kind: 'member_wallet' | 'system';
  member_id: number | null;
  wallet_type_id: number | null;
}

export interface LedgerRollup {
  account_id: number;
  balance: number;
  rolled_up_at: Generated<Timestamp>;
  up_to_transfer: number;
}

export interface LedgerTransfer {
  amount: number;
  created_at: Generated<Timestamp>;
  credit_account_id: number;
  debit_account_id: number;
  id: Generated<number>;
  idempotency_key: string;
  kind: string;
  reference: string | null;
}

export interface LineFollow {
  event_at: Timestamp;
  following: boolean;
  line_user_id: string;
}

export interface LineNotifyPref {
  announcements: Generated<boolean>;
  bill: Generated<boolean>;
  deposit: Generated<boolean>;
  markets: Generated<number[]>;
  member_id: number;
  results: Generated<boolean>;
  show_balance: Generated<boolean>;
  updated_at: Generated<Timestamp>;
  withdrawal: Generated<boolean>;
}

export interface LinePush {
  batch_id: number | null;
  created_at: Generated<Timestamp>;
  dedupe_key: string;
  done_at: Timestamp | null;
  id: Generated<number>;
  kind: 'deposit' | 'withdrawal' | 'bill' | 'result' | 'announcement';
  member_id: number;
  state: Generated<'queued' | 'batched' | 'sent' | 'dropped' | 'failed'>;
  text: string;
}

export interface LinePushBatch {
  attempts: Generated<number>;
  created_at: Timestamp;
  done_at: Timestamp | null;
  id: Generated<number>;
  kind: string;
  last_status: number | null;
  next_at: Timestamp;
  recipients: string[];
  retry_key: string;
  state: Generated<'pending' | 'sent' | 'failed'>;
  text: string;
}

export interface LobbyConfig {
  config: Generated<ColumnType<JsonValue, string, string>>;
  lobby_key: string;
  sort_order: Generated<number>;
  title: string;
}

export interface LottoBill {
  cancelled_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  idempotency_key: string;
  member_id: number;
  round_id: number;
  settled_at: Timestamp | null;
  status: Generated<'pending' | 'won' | 'lost' | 'cancelled' | 'refunded'>;
  total_stake: number;
  total_win: Generated<number>;
  wallet_type_id: number;
}

export interface LottoBillItem {
  bet_type: string;
  bill_id: number;
  id: Generated<number>;
  number: string;
  potential_win: number;
  rate_snapshot: Numeric;
  round_id: number;
  stake: number;
  status: Generated<'pending' | 'won' | 'lost' | 'refunded'>;
  tod_key: string | null;
  win_amount: Generated<number>;
}

export interface LottoCategory {
  id: string;
  name: string;
  sort_order: Generated<number>;
}

export interface LottoExposure {
  accepted_amount: number | null;
  bet_type: string | null;
  number: string | null;
  round_id: number | null;
}

export interface LottoExposureSlot {
  accepted_amount: Generated<number>;
  bet_type: string;
  budget: number | null;
  ceiling: number | null;
  number: string;
  round_id: number;
  slot: Generated<number>;
}

export interface LottoMarket {
  auto_refund_no_result: Generated<boolean>;
  cancel_before_minutes: Generated<number>;
  category_id: string;
  code: string;
  derive_rule: 'glo' | 'baac7' | 'gsb2' | 'lao4' | 'hanoi' | 'stock' | 'yeekee';
  id: Generated<number>;
  is_active: Generated<boolean>;
  name: string;
  rates: ColumnType<JsonValue, string, string>;
  rule_text: Generated<string>;
  schedule: ColumnType<JsonValue, string, string>;
  sealed_close: Generated<boolean>;
  sort_order: Generated<number>;
  yeekee: ColumnType<JsonValue, string, string> | null;
}

export interface LottoMemberDebt {
  amount: number;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  member_id: number;
  recovered: Generated<number>;
  round_id: number;
}

export interface LottoNumberLimit {
  action: 'closed' | 'reduced_rate' | 'capped';
  bet_type: string;
  cap: number | null;
  number: string;
  rate: Numeric | null;
  round_id: number;
}

export interface LottoResultEntry {
  closed_at: Timestamp | null;
  created_at: Timestamp;
  feed_source: string | null;
  id: Generated<number>;
  raw: ColumnType<JsonValue, string, string>;
  reason: string | null;
  result: ColumnType<JsonValue, string, string>;
  round_id: number;
  source: 'staff' | 'feed';
  staff_id: number | null;
  state: Generated<'open' | 'applied' | 'mismatch' | 'superseded'>;
  target_version: number;
}

export interface LottoResultFeed {
  attempts: Generated<number>;
  last_error: string | null;
  last_status: Generated<'waiting' | 'not_yet' | 'error' | 'disagree' | 'proposed'>;
  next_at: Timestamp;
  round_id: number;
  updated_at: Timestamp;
}

export interface LottoRound {
  business_date: string;
  cancel_reason: string | null;
  cancelled_at: Timestamp | null;
  chain_head: string | null;
  close_at: Timestamp;
  created_at: Generated<Timestamp>;
  expected_result_at: Timestamp;
  id: Generated<number>;
  market_id: number;
  open_at: Timestamp;
  rate_overrides: ColumnType<JsonValue, string, string> | null;
  result: ColumnType<JsonValue, string, string> | null;
  result_hash: Buffer | null;
  result_raw: ColumnType<JsonValue, string, string> | null;
  result_review_at: Timestamp | null;
  result_version: Generated<number>;
  resulted_at: Timestamp | null;
  round_no: number;
  rules_version: Generated<number>;
  scheduled_close_at: Timestamp | null;
  seal_commitment: string | null;
  seal_offset_ms: number | null;
  seal_salt: string | null;
  settings: ColumnType<JsonValue, string, string>;
  settled_at: Timestamp | null;
  shoot_close_at: Timestamp | null;
  shot_count: Generated<number>;
  status: Generated<'scheduled' | 'open' | 'closed' | 'resulted' | 'settled' | 'cancelled'>;
  template_id: number | null;
  yeekee_p16: number | null;
  yeekee_r: string | null;
  yeekee_sum: number | null;
}

export interface LottoShot {
  hash: string;
  ip: string;
  member_id: number;
  member_last: Timestamp | null;
  member_n: number | null;
  member_ref: string;
  number: string;
  round_id: number;
  seq: number;
  server_ts: Timestamp;
}

export interface LottoTemplate {
  created_at: Timestamp;
  id: Generated<number>;
  is_active: Generated<boolean>;
  market_id: number;
  name: string;
  number_limits: Generated<ColumnType<JsonValue, string, string>>;
  rates: ColumnType<JsonValue, string, string> | null;
  updated_at: Timestamp;
  updated_by: number | null;
}

export interface LottoWinPayment {
  amount: number;
  bill_id: number;
  member_id: number;
  result_version: number;
  reversed_at: Timestamp | null;
  wallet_type_id: number;
}

export interface LottoYeekeeReward {
  amount: number;
  member_id: number;
  position: number;
  round_id: number;
  seq: number;
}

export interface Member {
  account_name: string;
  account_no: string;
  agent_id: number;
  bank_code: string;
  created_at: Generated<Timestamp>;
  device_id: string | null;
  failed_login_count: Generated<number>;
  id: Generated<number>;
  last_login_at: Timestamp | null;
  line_id: string | null;
  locked_until: Timestamp | null;
  name_verified_at: Timestamp | null;
  name_verified_by: number | null;
  password_hash: string;
  phone: string;
  referral_code: string;
  referred_by: number | null;
  register_ip: string | null;
  status: Generated<'active' | 'suspended'>;
  sub_bank_account: string | null;
  updated_at: Generated<Timestamp>;
}

export interface MemberLineLink {
  display_name: string | null;
  line_user_id: string;
  linked_at: Generated<Timestamp>;
  member_id: number;
}

export interface MemberNote {
  body: string;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  member_id: number;
  staff_id: number;
}

export interface MemberPromotion {
  bonus_satang: number;
  closed_at: Timestamp | null;
  deposit_request_id: number;
  deposit_satang: number;
  ends_at: Timestamp;
  forfeited_satang: number | null;
  id: Generated<number>;
  max_withdraw_satang: number | null;
  member_id: number;
  promotion_id: number;
  released_satang: number | null;
  required_turnover_satang: number;
  status: Generated<'active' | 'completed' | 'expired' | 'lost' | 'cancelled'>;
  taken_at: Generated<Timestamp>;
}

export interface MemberSession {
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  id: Generated<number>;
  ip: string | null;
  last_used_at: Generated<Timestamp>;
  member_id: number;
  revoked_at: Timestamp | null;
  token_hash: Buffer;
  user_agent: string | null;
}

export interface MemberWithdrawalFreeze {
  clear_note: string | null;
  cleared_at: Timestamp | null;
  cleared_by: number | null;
  created_at: Generated<Timestamp>;
  detail: Generated<ColumnType<JsonValue, string, string>>;
  id: Generated<number>;
  member_id: number;
  reason: 'reconciliation';
}

export interface MemberWithdrawLimit {
  daily_cap_satang: number;
  member_id: number;
  updated_at: Generated<Timestamp>;
}

export interface MemberWriteQuota {
  endpoint: string;
  member_id: number;
  recent: Generated<ArrayType<Timestamp>>;
}

export interface Notification {
  agent_id: number;
  created_at: Generated<Timestamp>;
  description: Generated<string>;
  end_at: Timestamp | null;
  id: Generated<number>;
  image: string | null;
  is_active: Generated<boolean>;
  priority: Generated<number>;
  sort_order: Generated<number>;
  start_at: Timestamp | null;
  title: string;
  type: number;
  updated_at: Generated<Timestamp>;
}

export interface Otp {
  attempts: Generated<number>;
  code_hash: Buffer;
  consumed_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  id: Generated<number>;
  phone: string;
  purpose: 'register' | 'reset_password';
  ref: string;
}

export interface OtpQuota {
  hour: Timestamp;
  scope: string;
  sent: number;
}

export interface PaymentChannel {
  enabled: Generated<boolean>;
  id: number;
  max_satang: number;
  min_satang: number;
  name: string;
  sort_order: Generated<number>;
}

export interface PaymentGateway {
  code: string;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  is_active: Generated<boolean>;
  name: string;
  webhook_secret: Buffer;
}

export interface PaymentSetting {
  deposit_expiry_minutes: Generated<number>;
  gateway_inquiry_after_seconds: Generated<number>;
  id: number;
  inquiry_min_interval_seconds: Generated<number>;
  late_match_minutes: Generated<number>;
  sandbox_enabled: Generated<boolean>;
  second_approval_satang: Generated<number>;
  updated_at: Generated<Timestamp>;
  withdraw_daily_cap_satang: Generated<number>;
  withdraw_min_satang: Generated<number>;
  withdraw_review_satang: Generated<number>;
}

export interface PaymentSubChannel {
  channel_id: number;
  enabled: Generated<boolean>;
  id: number;
  name: string;
}

export interface PointAccount {
  balance: Generated<number>;
  carry_satang: Generated<number>;
  member_id: number;
  updated_at: Generated<Timestamp>;
}

export interface PointAccrual {
  category: string;
  created_at: Generated<Timestamp>;
  last_credit_id: number | null;
  member_id: number;
  payout_satang: number;
  points: number;
  settled_at: Timestamp;
  source: 'game' | 'lotto';
  source_key: string;
  stake_satang: number;
  turnover_satang: number;
}

export interface PointAccrualCursor {
  read_until: Generated<Timestamp>;
  source: 'game' | 'lotto';
}

export interface PointTransfer {
  amount: number;
  balance_after: number;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  idempotency_key: string;
  kind: 'accrual' | 'checkin' | 'quest' | 'wheel' | 'wheel_spin' | 'shop' | 'shop_refund' | 'adjustment';
  member_id: number;
  reference: Generated<string>;
}

export interface Poll {
  base_votes: Generated<number>;
  close_at: Timestamp;
  created_at: Generated<Timestamp>;
  created_by: number | null;
  description: Generated<string>;
  id: Generated<number>;
  image: string | null;
  max_votes: Generated<number>;
  open_at: Timestamp;
  question: string;
  result_choice_id: number | null;
  resulted_at: Timestamp | null;
  resulted_by: number | null;
  reward_per_vote_satang: Generated<number>;
  satang_per_vote: Generated<number>;
  status: Generated<'draft' | 'open' | 'closed'>;
  updated_at: Generated<Timestamp>;
}

export interface PollChoice {
  id: Generated<number>;
  image: string | null;
  label: string;
  poll_id: number;
  sort_order: number;
}

export interface PollMember {
  choice_id: number | null;
  claim_id: number | null;
  first_vote_at: Timestamp | null;
  member_id: number;
  poll_id: number;
  quota: number;
  quota_at: Timestamp;
  rewarded_at: Timestamp | null;
  used: Generated<number>;
}

export interface PollVote {
  choice_id: number;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  member_id: number;
  poll_id: number;
}

export interface Promotion {
  agent_id: number;
  created_at: Generated<Timestamp>;
  description: Generated<string>;
  id: Generated<number>;
  image: string | null;
  is_active: Generated<boolean>;
  sort_order: Generated<number>;
  terms: Generated<string>;
  title: string;
  updated_at: Generated<Timestamp>;
}

export interface PromotionRule {
  cap_satang: number | null;
  created_by: number | null;
  eligibility: Generated<'first_of_day' | 'first_ever' | 'every'>;
  ended_at: Timestamp | null;
  ended_by: number | null;
  expiry_days: Generated<number>;
  kind: Generated<'percent' | 'fixed'>;
  max_withdraw_satang: number | null;
  min_deposit_satang: Generated<number>;
  promotion_id: number;
  replaced_by: number | null;
  replaces_id: number | null;
  turnover_multiplier: Generated<number>;
  value: number;
  version: Generated<number>;
}

export interface PromptpayAccount {
  account_name: string;
  bank_account_id: number;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  is_active: Generated<boolean>;
  proxy_id: string;
  proxy_type: 'phone' | 'tax_id';
  sort_order: Generated<number>;
  updated_at: Generated<Timestamp>;
}

export interface ProtectionEvent {
  action: 'limit_set' | 'limit_pending' | 'limit_applied' | 'reality_check' | 'timeout' | 'exclusion';
  at: Timestamp;
  detail: Generated<ColumnType<JsonValue, string, string>>;
  id: Generated<number>;
  member_id: number;
}

export interface ProtectionLimit {
  amount_satang: number | null;
  kind: 'deposit' | 'loss';
  member_id: number;
  pending_amount_satang: number | null;
  pending_from: Timestamp | null;
  period: 'day' | 'week' | 'month';
  period_start: Timestamp | null;
  updated_at: Generated<Timestamp>;
  used_satang: Generated<number>;
}

export interface ProtectionMember {
  block_choice: '1d' | '7d' | '30d' | '6m' | '1y' | '5y' | 'permanent' | null;
  block_kind: 'timeout' | 'exclusion' | null;
  block_started_at: Timestamp | null;
  block_until: Timestamp | null;
  created_at: Generated<Timestamp>;
  member_id: number;
  reality_check_minutes: number | null;
  updated_at: Generated<Timestamp>;
}

export interface ProviderNonce {
  created_at: Generated<Timestamp>;
  nonce: string;
  provider_id: string;
}

export interface Quest {
  code: string | null;
  created_at: Generated<Timestamp>;
  ends_at: Timestamp | null;
  event_id: number | null;
  id: Generated<number>;
  is_active: Generated<boolean>;
  period: 'daily' | 'weekly' | 'campaign';
  reward_amount: number;
  reward_kind: 'points' | 'free_credit';
  sort_order: Generated<number>;
  starts_at: Timestamp | null;
  target: number;
  task: 'deposit' | 'bet' | 'rounds' | 'checkin';
  title: string;
  updated_at: Generated<Timestamp>;
  updated_by: number | null;
}

export interface QuestClaim {
  claim_id: number;
  created_at: Generated<Timestamp>;
  member_id: number;
  period_key: string;
  quest_id: number;
}

export interface RateLimitHit {
  address: string;
  bucket: string;
  expires_at: Timestamp;
  hits: number;
}

export interface ReportDay {
  computed_at: Generated<Timestamp>;
  day: Timestamp;
  figures: ColumnType<JsonValue, string, string>;
}

export interface RewardClaim {
  amount: number;
  created_at: Generated<Timestamp>;
  decided_at: Timestamp | null;
  decided_by: number | null;
  feature: string;
  first_approval_at: Timestamp | null;
  first_approval_by: number | null;
  hold_reason: string | null;
  id: Generated<number>;
  member_id: number;
  period_key: string;
  reference: string;
  reward_kind: 'points' | 'free_credit' | 'main' | 'none';
  status: 'paid' | 'held' | 'rejected' | 'withheld';
}

export interface RewardSetting {
  feature: string;
  updated_at: Generated<Timestamp>;
  updated_by: number | null;
  value: ColumnType<JsonValue, string, string>;
}

export interface SandboxGatewayPayment {
  amount_satang: number;
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  gateway_ref: string;
  paid_satang: number | null;
  qr_payload: string;
  reference: string;
  status: Generated<'pending' | 'paid' | 'expired' | 'failed'>;
}

export interface ShopItem {
  active: Generated<boolean>;
  code: string | null;
  created_at: Generated<Timestamp>;
  description: Generated<string>;
  id: Generated<number>;
  image: string | null;
  kind: 'voucher' | 'goods';
  monthly_limit: Generated<number>;
  price_points: number;
  price_version: Generated<number>;
  sort_order: Generated<number>;
  stock: number | null;
  title: string;
  updated_at: Generated<Timestamp>;
  voucher_satang: number | null;
  voucher_wallet: 'free_credit' | 'main' | null;
}

export interface ShopMonthlyCount {
  item_id: number;
  member_id: number;
  month: string;
  qty: number;
}

export interface ShopOrder {
  cancel_reason: string | null;
  cancelled_at: Timestamp | null;
  created_at: Timestamp;
  decided_by: number | null;
  delivered_at: Timestamp | null;
  id: Generated<number>;
  item_id: number;
  kind: 'voucher' | 'goods';
  member_id: number;
  month: string;
  note: string | null;
  points: number;
  quantity: number;
  quote_id: string;
  ship_address: string | null;
  ship_name: string | null;
  ship_phone: string | null;
  shipped_at: Timestamp | null;
  status: 'completed' | 'requested' | 'shipped' | 'delivered' | 'cancelled';
  title: string;
  tracking: string | null;
  unit_price_points: number;
  updated_at: Timestamp;
  voucher_satang: number | null;
  voucher_wallet: 'free_credit' | 'main' | null;
}

export interface ShopQuote {
  cost_points: number;
  expires_at: Timestamp;
  id: string;
  issued_at: Timestamp;
  item_id: number;
  member_id: number;
  price_version: number;
  quantity: number;
  unit_price_points: number;
  used_at: Timestamp | null;
}

export interface SmsOutbox {
  attempts: Generated<number>;
  body: string;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  last_error: string | null;
  masked_body: string | null;
  next_attempt_at: Timestamp | null;
  phone: string;
  provider: Generated<string>;
  provider_attempts: Generated<number>;
  provider_message_id: string | null;
  status: Generated<'queued' | 'sent' | 'delivered' | 'failed'>;
  updated_at: Timestamp | null;
}

export interface Staff {
  created_at: Generated<Timestamp>;
  failed_login_count: Generated<number>;
  id: Generated<number>;
  is_active: Generated<boolean>;
  last_totp_step: number | null;
  locked_until: Timestamp | null;
  password_hash: string;
  role: 'owner' | 'finance' | 'lotto' | 'support' | 'content';
  totp_secret: string;
  username: string;
}

export interface StaffSession {
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  id: Generated<number>;
  last_used_at: Generated<Timestamp>;
  revoked_at: Timestamp | null;
  staff_id: number;
  token_hash: Buffer;
}

export interface StatementImport {
  account_id: number;
  account_kind: 'bank' | 'truemoney' | 'gateway';
  created_at: Generated<Timestamp>;
  file_name: Generated<string>;
  id: Generated<number>;
  imported_by: number;
  lines_new: Generated<number>;
  lines_read: Generated<number>;
  matched: Generated<number>;
  template: string;
  unmatched: Generated<number>;
}

export interface StatementLine {
  account_id: number;
  account_kind: 'bank' | 'truemoney' | 'gateway';
  amount_satang: number;
  assign_member_id: number | null;
  assign_requested_by: number | null;
  bank_ref: string | null;
  counterparty: Generated<string>;
  created_at: Generated<Timestamp>;
  description: Generated<string>;
  id: Generated<number>;
  import_id: number | null;
  note: string | null;
  occurrence_no: Generated<number>;
  posted_at: Timestamp;
  request_id: number | null;
  resolved_at: Timestamp | null;
  resolved_by: number | null;
  source: Generated<'import' | 'wallet_webhook' | 'relay' | 'gateway'>;
  status: 'matched' | 'unmatched' | 'assigned' | 'ignored' | 'twin';
  twin_of: number | null;
  twin_seen_at: Timestamp | null;
}

export interface WalletOp {
  amount: Generated<number>;
  bet_tx_id: string | null;
  created_at: Generated<Timestamp>;
  fingerprint: Buffer;
  game_code: Generated<string>;
  id: Generated<number>;
  member_id: number;
  op: 'debit' | 'credit' | 'tombstone' | 'rollback';
  op_class: 'tx' | 'rollback';
  player_id: string;
  provider_id: string;
  provider_tx_id: string;
  round_id: Generated<string>;
  session_id: number | null;
  state: 'open' | 'settled' | 'rolled_back' | null;
  status: string;
  wallet_type_id: number | null;
}

export interface WalletType {
  id: number;
  name: string;
}

export interface WheelPrize {
  amount: number;
  kind: 'none' | 'points' | 'free_credit';
  label: string;
  prize_index: number;
  version: number;
  weight: number;
}

export interface WheelSpin {
  claim_id: number | null;
  created_at: Timestamp;
  day_seq: number;
  id: Generated<number>;
  member_id: number;
  paid_with: 'free' | 'points';
  points_spent: number;
  prize_index: number;
  rewarded_at: Timestamp | null;
  spin_date: string;
  version: number;
}

export interface WheelVersion {
  created_at: Generated<Timestamp>;
  created_by: number | null;
  extra_spins_per_day: number;
  free_spins_per_day: number;
  points_per_extra_spin: number;
  version: number;
}

export interface Withdrawal {
  account_name: string;
  account_no: string;
  amount_satang: number;
  bank_code: string;
  bank_ref: string | null;
  created_at: Generated<Timestamp>;
  decided_at: Timestamp | null;
  decided_by: number | null;
  id: Generated<number>;
  member_id: number;
  reason: string | null;
  requested_by: number | null;
  review_reason: string | null;
  status: 'pending' | 'review' | 'paid' | 'rejected';
  updated_at: Generated<Timestamp>;
}

export interface DB {
  affiliate_account: AffiliateAccount;
  affiliate_commission_line: AffiliateCommissionLine;
  affiliate_entry: AffiliateEntry;
  affiliate_payout: AffiliatePayout;
  affiliate_run: AffiliateRun;
  agent: Agent;
  agent_bank_account: AgentBankAccount;
  agent_true_money_account: AgentTrueMoneyAccount;
  audit_log: AuditLog;
  baccarat_hand: BaccaratHand;
  baccarat_room: BaccaratRoom;
  baccarat_shoe: BaccaratShoe;
  banner: Banner;
  cashback_payout: CashbackPayout;
  checkin_stamp: CheckinStamp;
  connector_call: ConnectorCall;
  connector_event: ConnectorEvent;
  connector_secret: ConnectorSecret;
  coupon: Coupon;
  coupon_attempt: CouponAttempt;
  coupon_campaign: CouponCampaign;
  coupon_use: CouponUse;
  deposit_request: DepositRequest;
  event: Event;
  fair_seed: FairSeed;
  football_fixture: FootballFixture;
  free_credit_state: FreeCreditState;
  game: Game;
  game_demo_session: GameDemoSession;
  game_launch: GameLaunch;
  game_play: GamePlay;
  game_provider: GameProvider;
  game_round: GameRound;
  game_session: GameSession;
  game_wallet_category: GameWalletCategory;
  gateway_event: GatewayEvent;
  idempotency_request: IdempotencyRequest;
  ledger_account: LedgerAccount;
  ledger_rollup: LedgerRollup;
  ledger_transfer: LedgerTransfer;
  line_follow: LineFollow;
  line_notify_pref: LineNotifyPref;
  line_push: LinePush;
  line_push_batch: LinePushBatch;
  lobby_config: LobbyConfig;
  lotto_bill: LottoBill;
  lotto_bill_item: LottoBillItem;
  lotto_category: LottoCategory;
  lotto_exposure: LottoExposure;
  lotto_exposure_slot: LottoExposureSlot;
  lotto_market: LottoMarket;
  lotto_member_debt: LottoMemberDebt;
  lotto_number_limit: LottoNumberLimit;
  lotto_result_entry: LottoResultEntry;
  lotto_result_feed: LottoResultFeed;
  lotto_round: LottoRound;
  lotto_shot: LottoShot;
  lotto_template: LottoTemplate;
  lotto_win_payment: LottoWinPayment;
  lotto_yeekee_reward: LottoYeekeeReward;
  member: Member;
  member_line_link: MemberLineLink;
  member_note: MemberNote;
  member_promotion: MemberPromotion;
  member_session: MemberSession;
  member_withdraw_limit: MemberWithdrawLimit;
  member_withdrawal_freeze: MemberWithdrawalFreeze;
  member_write_quota: MemberWriteQuota;
  notification: Notification;
  otp: Otp;
  otp_quota: OtpQuota;
  payment_channel: PaymentChannel;
  payment_gateway: PaymentGateway;
  payment_setting: PaymentSetting;
  payment_sub_channel: PaymentSubChannel;
  point_account: PointAccount;
  point_accrual: PointAccrual;
  point_accrual_cursor: PointAccrualCursor;
  point_transfer: PointTransfer;
  poll: Poll;
  poll_choice: PollChoice;
  poll_member: PollMember;
  poll_vote: PollVote;
  promotion: Promotion;
  promotion_rule: PromotionRule;
  promptpay_account: PromptpayAccount;
  protection_event: ProtectionEvent;
  protection_limit: ProtectionLimit;
  protection_member: ProtectionMember;
  provider_nonce: ProviderNonce;
  quest: Quest;
  quest_claim: QuestClaim;
  rate_limit_hit: RateLimitHit;
  report_day: ReportDay;
  reward_claim: RewardClaim;
  reward_setting: RewardSetting;
  sandbox_gateway_payment: SandboxGatewayPayment;
  shop_item: ShopItem;
  shop_monthly_count: ShopMonthlyCount;
  shop_order: ShopOrder;
  shop_quote: ShopQuote;
  sms_outbox: SmsOutbox;
  staff: Staff;
  staff_session: StaffSession;
  statement_import: StatementImport;
  statement_line: StatementLine;
  wallet_op: WalletOp;
  wallet_type: WalletType;
  wheel_prize: WheelPrize;
  wheel_spin: WheelSpin;
  wheel_version: WheelVersion;
  withdrawal: Withdrawal;
}

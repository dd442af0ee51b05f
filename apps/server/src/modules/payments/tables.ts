import type { ColumnType, Generated } from 'kysely';

/** Kysely table types of the payments module, mirroring migrations/030_payments.sql. */
type Ts = ColumnType<Date, Date | string | undefined, Date | string>;
type TsNull = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;

export type AccountKind = 'bank' | 'truemoney' | 'gateway';
export type DepositStatus = 'open' | 'paid' | 'expired' | 'cancelled' | 'review' | 'rejected';
export type WithdrawalStatus = 'pending' | 'review' | 'paid' | 'rejected';
export type LineStatus = 'matched' | 'unmatched' | 'assigned' | 'ignored';

export interface PaymentsTables {
  payment_setting: {
    id: number;
    deposit_expiry_minutes: Generated<number>;
    late_match_minutes: Generated<number>;
    second_approval_satang: Generated<number>;
    withdraw_min_satang: Generated<number>;
    withdraw_daily_cap_satang: Generated<number>;
    withdraw_review_satang: Generated<number>;
    gateway_inquiry_after_seconds: Generated<number>;
    inquiry_min_interval_seconds: Generated<number>;
    sandbox_enabled: Generated<boolean>;
    updated_at: Ts;
  };
  payment_channel: {
    id: number;
    name: string;
    enabled: Generated<boolean>;
    min_satang: number;
    max_satang: number;
    sort_order: Generated<number>;
  };
  payment_sub_channel: { channel_id: number; id: number; name: string; enabled: Generated<boolean> };
  promptpay_account: {
    id: Generated<number>;
    bank_account_id: number;
    proxy_type: 'phone' | 'tax_id';
    proxy_id: string;
    account_name: string;
    is_active: Generated<boolean>;
    sort_order: Generated<number>;
    created_at: Ts;
    updated_at: Ts;
  };
  payment_gateway: {
    id: Generated<number>;
    code: string;
    name: string;
    is_active: Generated<boolean>;
    webhook_secret: Buffer;
    created_at: Ts;
  };
  sandbox_gateway_payment: {
    gateway_ref: string;
    reference: string;
    amount_satang: number;
    status: Generated<'pending' | 'paid' | 'expired' | 'failed'>;
    paid_satang: Opt<number>;
    qr_payload: string;
    expires_at: Date;
    created_at: Ts;
  };
  promotion_rule: {
    promotion_id: number;
    kind: Generated<'percent' | 'fixed'>;
    value: number;
    cap_satang: Opt<number>;
    min_deposit_satang: Generated<number>;
    turnover_multiplier: Generated<number>;
    eligibility: Generated<'first_of_day' | 'first_ever' | 'every'>;
    max_withdraw_satang: Opt<number>;
    expiry_days: Generated<number>;
  };
  deposit_request: {
    id: Generated<number>;
    member_id: number;
    channel_id: number;
    sub_channel_id: number;
    amount_satang: number;
    pay_amount_satang: number;
    account_kind: AccountKind;
    account_id: number;
    promptpay_account_id: Opt<number>;
    qr_payload: Opt<string>;
    gateway_ref: Opt<string>;
    promotion_id: Opt<number>;
    status: Generated<DepositStatus>;
    reserved: Generated<boolean>;
    created_at: Ts;
    expires_at: Date;
    paid_at: TsNull;
    paid_satang: Opt<number>;
    confirmed_via: Opt<'operator' | 'statement' | 'gateway'>;
    confirm_ref: Opt<string>;
    confirmed_by: Opt<number>;
    first_approval_by: Opt<number>;
    first_approval_ref: Opt<string>;
    first_approval_at: TsNull;
    review_satang: Opt<number>;
    reason: Opt<string>;
    notice: Opt<string>;
    last_inquiry_at: TsNull;
    updated_at: Ts;
  };
  gateway_event: {
    gateway: string;
    event_id: string;
    gateway_ref: string;
    status: string;
    paid_satang: number;
    received_at: Ts;
  };
  statement_import: {
    id: Generated<number>;
    account_kind: AccountKind;
    account_id: number;
    template: string;
    file_name: Generated<string>;
    imported_by: number;
    lines_read: Generated<number>;
    lines_new: Generated<number>;
    matched: Generated<number>;
    unmatched: Generated<number>;
    created_at: Ts;
  };
  statement_line: {
    id: Generated<number>;
    import_id: number;
    account_kind: AccountKind;
    account_id: number;
    posted_at: Date;
    amount_satang: number;
    counterparty: Generated<string>;
    bank_ref: Opt<string>;
    occurrence_no: Generated<number>;
    description: Generated<string>;
    status: LineStatus;
    request_id: Opt<number>;
    assign_member_id: Opt<number>;
    assign_requested_by: Opt<number>;
    note: Opt<string>;
    resolved_by: Opt<number>;
    resolved_at: TsNull;
    created_at: Ts;
  };
  withdrawal: {
    id: Generated<number>;
    member_id: number;
    amount_satang: number;
    status: WithdrawalStatus;
    bank_code: string;
    account_no: string;
    account_name: string;
    review_reason: Opt<string>;
    reason: Opt<string>;
    bank_ref: Opt<string>;
    created_at: Ts;
    decided_at: TsNull;
    decided_by: Opt<number>;
    updated_at: Ts;
  };
  member_withdraw_limit: { member_id: number; daily_cap_satang: number; updated_at: Ts };
  member_promotion: {
    id: Generated<number>;
    member_id: number;
    promotion_id: number;
    deposit_request_id: number;
    deposit_satang: number;
    bonus_satang: number;
    required_turnover_satang: number;
    max_withdraw_satang: Opt<number>;
    status: Generated<'active' | 'completed' | 'expired' | 'lost' | 'cancelled'>;
    taken_at: Ts;
    ends_at: Date;
    closed_at: TsNull;
    released_satang: Opt<number>;
    forfeited_satang: Opt<number>;
  };
}

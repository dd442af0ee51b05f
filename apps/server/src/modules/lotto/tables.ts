import type { ColumnType, Generated } from 'kysely';

/** Kysely table types of the lotto module, mirroring migrations/010_lotto.sql. */
type Ts = ColumnType<Date, Date | string, Date | string>;
type TsNull = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;
type JsonNull<T> = ColumnType<T | null, string | null | undefined, string | null>;
/** numeric comes back as text. */
type Numeric = ColumnType<string, string | number, string | number>;

export interface LottoTables {
  lotto_category: { id: string; name: string; sort_order: Generated<number> };
  lotto_market: {
    id: Generated<number>;
    code: string;
    name: string;
    category_id: string;
    derive_rule: string;
    schedule: Json<unknown>;
    rates: Json<unknown>;
    yeekee: JsonNull<unknown>;
    rule_text: Generated<string>;
    auto_refund_no_result: Generated<boolean>;
    sealed_close: Generated<boolean>;
    cancel_before_minutes: Generated<number>;
    is_active: Generated<boolean>;
    sort_order: Generated<number>;
  };
  lotto_round: {
    id: Generated<number>;
    market_id: number;
    business_date: ColumnType<string, string, string>;
    round_no: number;
    status: Generated<string>;
    open_at: Ts;
    close_at: Ts;
    shoot_close_at: TsNull;
    expected_result_at: Ts;
    settings: Json<unknown>;
    result: JsonNull<unknown>;
    result_raw: JsonNull<unknown>;
    result_hash: ColumnType<Buffer | null, Buffer | null | undefined, Buffer | null>;
    result_version: Generated<number>;
    resulted_at: TsNull;
    settled_at: TsNull;
    cancelled_at: TsNull;
    cancel_reason: string | null;
    shot_count: Generated<number>;
    chain_head: string | null;
    yeekee_sum: number | null;
    yeekee_p16: number | null;
    yeekee_r: string | null;
    seal_offset_ms: number | null;
    seal_salt: string | null;
    seal_commitment: string | null;
    created_at: Generated<Date>;
  };
  lotto_number_limit: {
    round_id: number;
    bet_type: string;
    number: string;
    action: string;
    rate: ColumnType<string | null, string | number | null | undefined, string | number | null>;
    cap: number | null;
  };
  lotto_exposure: { round_id: number; bet_type: string; number: string; accepted_amount: Generated<number> };
  lotto_bill: {
    id: Generated<number>;
    member_id: number;
    round_id: number;
    wallet_type_id: number;
    status: Generated<string>;
    total_stake: number;
    total_win: Generated<number>;
    idempotency_key: string;
    created_at: Generated<Date>;
    cancelled_at: TsNull;
    settled_at: TsNull;
  };
  lotto_bill_item: {
    id: Generated<number>;
    bill_id: number;
    round_id: number;
    bet_type: string;
    number: string;
    tod_key: string | null;
    stake: number;
    rate_snapshot: Numeric;
    potential_win: number;
    status: Generated<string>;
    win_amount: Generated<number>;
  };
  lotto_win_payment: {
    bill_id: number;
    result_version: number;
    member_id: number;
    wallet_type_id: number;
    amount: number;
    reversed_at: TsNull;
  };
  lotto_member_debt: {
    id: Generated<number>;
    member_id: number;
    round_id: number;
    amount: number;
    recovered: Generated<number>;
    created_at: Generated<Date>;
  };
  lotto_shot: {
    round_id: number;
    seq: number;
    member_id: number;
    member_ref: string;
    number: string;
    server_ts: Ts;
    hash: string;
    ip: string;
  };
  lotto_yeekee_reward: { round_id: number; position: number; seq: number; member_id: number; amount: number };
}

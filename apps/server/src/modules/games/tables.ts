import type { ColumnType, Generated } from 'kysely';

/** Kysely table types of the games module, mirroring migrations/020_games.sql. */
type Ts = ColumnType<Date, Date | string, Date | string>;
type TsDefault = ColumnType<Date, Date | string | undefined, Date | string>;
type TsNull = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;
type JsonNull<T> = ColumnType<T | null, string | null | undefined, string | null>;

export interface GamesTables {
  game_provider: {
    id: string;
    name: string;
    logo: Generated<string>;
    secret: string | null;
    launch_url: string | null;
    is_active: Generated<boolean>;
    sort_order: Generated<number>;
    created_at: TsDefault;
  };
  game: {
    id: Generated<number>;
    provider_id: string;
    sub_provider_id: Generated<string>;
    code: string;
    name: string;
    image: string;
    categories: string[];
    demo_allowed: Generated<boolean>;
    mobile_support: Generated<boolean>;
    is_hot: Generated<boolean>;
    is_active: Generated<boolean>;
    sort_order: Generated<number>;
    created_at: TsDefault;
  };
  game_wallet_category: { wallet_type_id: number; category: string };
  lobby_config: { lobby_key: string; title: string; config: Json<unknown>; sort_order: Generated<number> };
  game_play: { member_id: number; game_id: number; plays: Generated<number>; last_played_at: Ts };
  game_launch: {
    id: Generated<number>;
    token_hash: Buffer;
    member_id: number;
    wallet_type_id: number;
    game_id: number;
    is_mobile: Generated<boolean>;
    source: Generated<string>;
    created_at: Ts;
    expires_at: Ts;
    used_at: TsNull;
    revoked_at: TsNull;
    member_session_id: number | null;
  };
  game_session: {
    id: Generated<number>;
    member_id: number;
    provider_id: string;
    game_id: number;
    wallet_type_id: number;
    token_hash: Buffer | null;
    created_at: Ts;
    last_seen_at: Ts;
    expires_at: Ts;
    closed_at: TsNull;
    member_session_id: number | null;
  };
  wallet_op: {
    id: Generated<number>;
    provider_id: string;
    player_id: string;
    provider_tx_id: string;
    op_class: 'tx' | 'rollback';
    op: 'debit' | 'credit' | 'tombstone' | 'rollback';
    member_id: number;
    wallet_type_id: number | null;
    session_id: number | null;
    round_id: Generated<string>;
    game_code: Generated<string>;
    amount: Generated<number>;
    bet_tx_id: string | null;
    fingerprint: Buffer;
    status: string;
    state: 'open' | 'settled' | 'rolled_back' | null;
    created_at: TsDefault;
  };
  provider_nonce: { provider_id: string; nonce: string; created_at: TsDefault };
  fair_seed: {
    id: Generated<number>;
    member_id: number | null;
    server_seed: string;
    server_seed_hash: string;
    client_seed: string;
    next_nonce: Generated<number>;
    created_at: Ts;
    revealed_at: TsNull;
  };
  game_round: {
    id: Generated<number>;
    member_id: number;
    game_id: number;
    wallet_type_id: number;
    stake: number;
    payout: number | null;
    status: 'open' | 'settled' | 'refunded';
    detail: Json<unknown>;
    outcome: JsonNull<unknown>;
    seed_id: number;
    server_seed_hash: string;
    client_seed: string;
    nonce: number;
    table_ref: string | null;
    created_at: Ts;
    settled_at: TsNull;
  };
  game_demo_session: {
    id: Generated<number>;
    token_hash: Buffer;
    game_id: number;
    balance: number;
    pending: Json<unknown>;
    created_at: Ts;
    expires_at: Ts;
  };
  baccarat_room: {
    id: number;
    name: string;
    min_bet: Generated<number>;
    max_bet: Generated<number>;
    is_active: Generated<boolean>;
  };
  baccarat_shoe: {
    id: Generated<number>;
    room_id: number;
    shoe_no: number;
    seed_id: number;
    cards_used: Generated<number>;
    created_at: Ts;
    closed_at: TsNull;
  };
  baccarat_hand: {
    id: Generated<number>;
    room_id: number;
    shoe_id: number;
    hand_no: number;
    opens_at: Ts;
    closes_at: Ts;
    result: JsonNull<unknown>;
    dealt_at: TsNull;
  };
  football_fixture: {
    id: Generated<number>;
    kickoff_at: Ts;
    home: string;
    away: string;
    lambda_home: number;
    lambda_away: number;
    odds: Json<unknown>;
    seed_id: number;
    home_goals: number | null;
    away_goals: number | null;
    settled_at: TsNull;
  };
}

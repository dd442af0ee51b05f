-- Games (docs/rules/casino.md): catalogue, launch tokens, provider sessions, the seamless wallet's operations,
-- and the in-house games' rounds, seeds, shared tables and fixtures.

CREATE TABLE game_provider (
  id         text PRIMARY KEY CHECK (id ~ '^[a-z0-9_]{2,32}$'),
  name       text NOT NULL,
  logo       text NOT NULL DEFAULT '',
  -- HMAC-SHA256 secret of the /provider/<id>/ adapter; NULL for the in-house provider.
  secret     text,
  -- The provider's launch URL (`{token}` replaced); NULL for in-house games (`/play/<game>?t=`).
  launch_url text,
  is_active  boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE game (
  id              serial PRIMARY KEY,
  provider_id     text NOT NULL REFERENCES game_provider(id),
  sub_provider_id text NOT NULL DEFAULT '',
  code            text NOT NULL,
  name            text NOT NULL,
  image           text NOT NULL,
  categories      text[] NOT NULL
    CHECK (cardinality(categories) > 0 AND categories <@ ARRAY['casino', 'slot', 'sport', 'fishing', 'freespin']),
  demo_allowed    boolean NOT NULL DEFAULT true,
  mobile_support  boolean NOT NULL DEFAULT true,
  is_hot          boolean NOT NULL DEFAULT false,
  is_active       boolean NOT NULL DEFAULT true,
  sort_order      integer NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider_id, code)
);
CREATE INDEX game_categories ON game USING gin (categories);

-- Which wallet types may play which categories (docs/rules/casino.md §1; agent-configurable).
CREATE TABLE game_wallet_category (
  wallet_type_id integer NOT NULL REFERENCES wallet_type(id),
  category       text NOT NULL,
  PRIMARY KEY (wallet_type_id, category)
);
INSERT INTO game_wallet_category (wallet_type_id, category) VALUES
  (1, 'casino'), (1, 'slot'), (1, 'sport'), (1, 'fishing'), (1, 'freespin'), (1, 'lotto'),
  (2, 'slot'), (2, 'freespin'), (2, 'fishing'),
  (3, 'slot'), (3, 'freespin');

CREATE TABLE lobby_config (
  lobby_key  text PRIMARY KEY,
  title      text NOT NULL,
  config     jsonb NOT NULL DEFAULT '{}',
  sort_order integer NOT NULL DEFAULT 0
);

-- What a member last played, for the lobby's "last played" row and the "hot" row's counts.
CREATE TABLE game_play (
  member_id      integer NOT NULL REFERENCES member(id),
  game_id        integer NOT NULL REFERENCES game(id),
  plays          integer NOT NULL DEFAULT 1,
  last_played_at timestamptz NOT NULL,
  PRIMARY KEY (member_id, game_id)
);
CREATE INDEX game_play_recent ON game_play (member_id, last_played_at DESC);

-- Launch tokens (docs/rules/casino.md §4.1): 32 random bytes, stored hashed, single-use, 60 s to exchange.
CREATE TABLE game_launch (
  id             bigserial PRIMARY KEY,
  token_hash     bytea NOT NULL UNIQUE,
  member_id      integer NOT NULL REFERENCES member(id),
  wallet_type_id integer NOT NULL REFERENCES wallet_type(id),
  game_id        integer NOT NULL REFERENCES game(id),
  is_mobile      boolean NOT NULL DEFAULT false,
  source         text NOT NULL DEFAULT '',
  created_at     timestamptz NOT NULL,
  expires_at     timestamptz NOT NULL,
  used_at        timestamptz,
  revoked_at     timestamptz
);
CREATE INDEX game_launch_member_open ON game_launch (member_id) WHERE used_at IS NULL AND revoked_at IS NULL;

-- A provider session: made when a launch token is exchanged; debits need it live (8 h, 30 min idle).
CREATE TABLE game_session (
  id             bigserial PRIMARY KEY,
  member_id      integer NOT NULL REFERENCES member(id),
  provider_id    text NOT NULL REFERENCES game_provider(id),
  game_id        integer NOT NULL REFERENCES game(id),
  wallet_type_id integer NOT NULL REFERENCES wallet_type(id),
  -- In-house game pages hold a bearer for their session (SHA-256 stored).
  token_hash     bytea UNIQUE,
  created_at     timestamptz NOT NULL,
  last_seen_at   timestamptz NOT NULL,
  expires_at     timestamptz NOT NULL,
  closed_at      timestamptz
);
CREATE INDEX game_session_live ON game_session (member_id, provider_id, id DESC) WHERE closed_at IS NULL;

-- The seamless wallet's operations (docs/rules/casino.md §3): one row per (provider, player, provider tx id,
-- class), claimed with INSERT … ON CONFLICT DO NOTHING. A rollback of an unknown id claims the `tx`
-- slot as a tombstone, so the unique index itself orders a racing debit and rollback.
CREATE TABLE wallet_op (
  id             bigserial PRIMARY KEY,
  provider_id    text NOT NULL REFERENCES game_provider(id),
  player_id      text NOT NULL,
  provider_tx_id text NOT NULL,
  op_class       text NOT NULL CHECK (op_class IN ('tx', 'rollback')),
  op             text NOT NULL CHECK (op IN ('debit', 'credit', 'tombstone', 'rollback')),
  member_id      integer NOT NULL REFERENCES member(id),
  wallet_type_id integer REFERENCES wallet_type(id),
  session_id     bigint,
  round_id       text NOT NULL DEFAULT '',
  game_code      text NOT NULL DEFAULT '',
  amount         bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
  bet_tx_id      text,
  fingerprint    bytea NOT NULL,
  status         text NOT NULL,
  -- Debits only: open → settled (credited) or rolled_back.
  state          text CHECK (state IN ('open', 'settled', 'rolled_back')),
  created_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider_id, player_id, provider_tx_id, op_class)
);
CREATE INDEX wallet_op_open_debits ON wallet_op (member_id, created_at) WHERE op = 'debit' AND state = 'open';
CREATE INDEX wallet_op_created ON wallet_op (created_at);

-- Signed-callback nonces, kept 10 minutes (docs/rules/casino.md §3.6).
CREATE TABLE provider_nonce (
  provider_id text NOT NULL,
  nonce       text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider_id, nonce)
);
CREATE INDEX provider_nonce_created ON provider_nonce (created_at);

-- Provably-fair seeds (docs/rules/casino.md §6): per player (member_id set) or per shoe/fixture (shared).
CREATE TABLE fair_seed (
  id               bigserial PRIMARY KEY,
  member_id        integer REFERENCES member(id),
  server_seed      text NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash text NOT NULL,
  client_seed      text NOT NULL,
  next_nonce       integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL,
  revealed_at      timestamptz
);
CREATE UNIQUE INDEX fair_seed_active_player ON fair_seed (member_id) WHERE member_id IS NOT NULL AND revealed_at IS NULL;

-- In-house rounds (docs/rules/casino.md §6.9), kept 24 months: stake, outcome, payout and the seed that made it.
CREATE TABLE game_round (
  id               bigserial PRIMARY KEY,
  member_id        integer NOT NULL REFERENCES member(id),
  game_id          integer NOT NULL REFERENCES game(id),
  wallet_type_id   integer NOT NULL REFERENCES wallet_type(id),
  stake            bigint NOT NULL CHECK (stake > 0),
  payout           bigint CHECK (payout >= 0),
  status           text NOT NULL CHECK (status IN ('open', 'settled', 'refunded')),
  detail           jsonb NOT NULL DEFAULT '{}',
  outcome          jsonb,
  seed_id          bigint NOT NULL REFERENCES fair_seed(id),
  server_seed_hash text NOT NULL,
  client_seed      text NOT NULL,
  nonce            integer NOT NULL,
  -- Shared games: the hand or fixture the stake rides on.
  table_ref        text,
  created_at       timestamptz NOT NULL,
  settled_at       timestamptz
);
CREATE INDEX game_round_member ON game_round (member_id, id DESC);
CREATE INDEX game_round_open_table ON game_round (table_ref) WHERE status = 'open';

-- Demo sessions: play money only, never a wallet call or history row.
CREATE TABLE game_demo_session (
  id         bigserial PRIMARY KEY,
  token_hash bytea NOT NULL UNIQUE,
  game_id    integer NOT NULL REFERENCES game(id),
  balance    bigint NOT NULL CHECK (balance >= 0),
  -- Stakes on shared tables (baccarat hands, football fixtures) waiting for their result.
  pending    jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Baccarat rooms share a shoe; a hand every 30 s (20 s of betting), dealt from the shoe's seed.
CREATE TABLE baccarat_room (
  id        integer PRIMARY KEY,
  name      text NOT NULL,
  min_bet   bigint NOT NULL DEFAULT 1000,
  max_bet   bigint NOT NULL DEFAULT 2000000,
  is_active boolean NOT NULL DEFAULT true
);

CREATE TABLE baccarat_shoe (
  id         bigserial PRIMARY KEY,
  room_id    integer NOT NULL REFERENCES baccarat_room(id),
  shoe_no    integer NOT NULL,
  seed_id    bigint NOT NULL REFERENCES fair_seed(id),
  cards_used integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  closed_at  timestamptz,
  UNIQUE (room_id, shoe_no)
);

CREATE TABLE baccarat_hand (
  id         bigserial PRIMARY KEY,
  room_id    integer NOT NULL REFERENCES baccarat_room(id),
  shoe_id    bigint NOT NULL REFERENCES baccarat_shoe(id),
  hand_no    integer NOT NULL,
  opens_at   timestamptz NOT NULL,
  closes_at  timestamptz NOT NULL,
  result     jsonb,
  dealt_at   timestamptz,
  UNIQUE (room_id, opens_at)
);

-- Virtual football: 8 fixtures every 3 minutes, priced at creation, settled 90 s after kick-off.
CREATE TABLE football_fixture (
  id           bigserial PRIMARY KEY,
  kickoff_at   timestamptz NOT NULL,
  home         text NOT NULL,
  away         text NOT NULL,
  lambda_home  double precision NOT NULL,
  lambda_away  double precision NOT NULL,
  odds         jsonb NOT NULL,
  seed_id      bigint NOT NULL REFERENCES fair_seed(id),
  home_goals   integer,
  away_goals   integer,
  settled_at   timestamptz,
  UNIQUE (kickoff_at, home)
);

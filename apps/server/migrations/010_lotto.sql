-- Lottery and yeekee (docs/rules/lottery.md). Money columns are BIGINT satang; rates numeric(12,2).

CREATE TABLE lotto_category (
  id         text PRIMARY KEY,
  name       text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE lotto_market (
  id                    serial PRIMARY KEY,
  code                  text NOT NULL UNIQUE,
  name                  text NOT NULL,
  category_id           text NOT NULL REFERENCES lotto_category(id),
  derive_rule           text NOT NULL CHECK (derive_rule IN ('glo', 'baac7', 'gsb2', 'lao4', 'hanoi', 'stock', 'yeekee')),
  schedule              jsonb NOT NULL,
  -- { <bet_type>: { enabled, rate, min, max, ceiling } }; min/max/ceiling in whole baht.
  rates                 jsonb NOT NULL,
  -- yeekee: { cooldown_seconds, shots_per_round_max, shots_per_ip_minute_max, min_shots, reward_p16, reward_p1, reward_min_stake }
  yeekee                jsonb,
  rule_text             text NOT NULL DEFAULT '',
  auto_refund_no_result boolean NOT NULL DEFAULT false,
  sealed_close          boolean NOT NULL DEFAULT false,
  cancel_before_minutes integer NOT NULL DEFAULT 30,
  is_active             boolean NOT NULL DEFAULT true,
  sort_order            integer NOT NULL DEFAULT 0
);

CREATE TABLE lotto_round (
  id                 bigserial PRIMARY KEY,
  market_id          integer NOT NULL REFERENCES lotto_market(id),
  -- Asia/Bangkok date as text (YYYY-MM-DD): compared and shown as written, never shifted by a time zone.
  business_date      text NOT NULL CHECK (business_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  round_no           integer NOT NULL,
  status             text NOT NULL DEFAULT 'scheduled'
                     CHECK (status IN ('scheduled', 'open', 'closed', 'resulted', 'settled', 'cancelled')),
  open_at            timestamptz NOT NULL,
  close_at           timestamptz NOT NULL,
  shoot_close_at     timestamptz,
  expected_result_at timestamptz NOT NULL,
  -- The market's rates, limits and yeekee settings copied at creation (docs/rules/lottery.md §3.2).
  settings           jsonb NOT NULL,
  result             jsonb,
  result_raw         jsonb,
  result_hash        bytea,
  result_version     integer NOT NULL DEFAULT 0,
  resulted_at        timestamptz,
  settled_at         timestamptz,
  cancelled_at       timestamptz,
  cancel_reason      text,
  -- Yeekee shooting: the running count and chain head are updated under the round's row lock.
  shot_count         integer NOT NULL DEFAULT 0,
  chain_head         text,
  yeekee_sum         bigint,
  yeekee_p16         integer,
  yeekee_r           text,
  seal_offset_ms     integer,
  seal_salt          text,
  seal_commitment    text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (market_id, business_date, round_no),
  CHECK (open_at <= close_at AND close_at <= expected_result_at)
);
CREATE INDEX lotto_round_due ON lotto_round (status, close_at);
CREATE INDEX lotto_round_date ON lotto_round (business_date, market_id);

-- เลขอั้น (docs/rules/lottery.md §4).
CREATE TABLE lotto_number_limit (
  round_id   bigint NOT NULL REFERENCES lotto_round(id),
  bet_type   text NOT NULL,
  number     text NOT NULL,
  action     text NOT NULL CHECK (action IN ('closed', 'reduced_rate', 'capped')),
  rate       numeric(12, 2),
  cap        bigint CHECK (cap >= 0),
  PRIMARY KEY (round_id, bet_type, number)
);

CREATE TABLE lotto_exposure (
  round_id        bigint NOT NULL REFERENCES lotto_round(id),
  bet_type        text NOT NULL,
  number          text NOT NULL,
  accepted_amount bigint NOT NULL DEFAULT 0 CHECK (accepted_amount >= 0),
  PRIMARY KEY (round_id, bet_type, number)
);

CREATE TABLE lotto_bill (
  id              bigserial PRIMARY KEY,
  member_id       integer NOT NULL REFERENCES member(id),
  round_id        bigint NOT NULL REFERENCES lotto_round(id),
  wallet_type_id  integer NOT NULL REFERENCES wallet_type(id),
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'won', 'lost', 'cancelled', 'refunded')),
  total_stake     bigint NOT NULL CHECK (total_stake > 0),
  total_win       bigint NOT NULL DEFAULT 0,
  idempotency_key text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
  cancelled_at    timestamptz,
  settled_at      timestamptz,
  UNIQUE (member_id, idempotency_key)
);
CREATE INDEX lotto_bill_member ON lotto_bill (member_id, id DESC);
CREATE INDEX lotto_bill_round ON lotto_bill (round_id, status);

CREATE TABLE lotto_bill_item (
  id            bigserial PRIMARY KEY,
  bill_id       bigint NOT NULL REFERENCES lotto_bill(id),
  round_id      bigint NOT NULL REFERENCES lotto_round(id),
  bet_type      text NOT NULL,
  number        text NOT NULL,
  tod_key       text,
  stake         bigint NOT NULL CHECK (stake > 0),
  rate_snapshot numeric(12, 2) NOT NULL,
  potential_win bigint NOT NULL,
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'won', 'lost', 'refunded')),
  win_amount    bigint NOT NULL DEFAULT 0,
  UNIQUE (bill_id, bet_type, number)
);
CREATE INDEX lotto_bill_item_round ON lotto_bill_item (round_id, status, bet_type);

-- One win credit per (bill, result version); a correction reverses it (docs/rules/lottery.md §8).
CREATE TABLE lotto_win_payment (
  bill_id        bigint NOT NULL REFERENCES lotto_bill(id),
  result_version integer NOT NULL,
  member_id      integer NOT NULL REFERENCES member(id),
  wallet_type_id integer NOT NULL,
  amount         bigint NOT NULL CHECK (amount > 0),
  reversed_at    timestamptz,
  PRIMARY KEY (bill_id, result_version)
);

-- A reversal the wallet could not cover: blocks withdrawals, recovered from the next lotto credits.
CREATE TABLE lotto_member_debt (
  id         bigserial PRIMARY KEY,
  member_id  integer NOT NULL REFERENCES member(id),
  round_id   bigint NOT NULL REFERENCES lotto_round(id),
  amount     bigint NOT NULL CHECK (amount > 0),
  recovered  bigint NOT NULL DEFAULT 0 CHECK (recovered >= 0 AND recovered <= amount),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lotto_member_debt_open ON lotto_member_debt (member_id) WHERE recovered < amount;

CREATE TABLE lotto_shot (
  round_id   bigint NOT NULL REFERENCES lotto_round(id),
  seq        integer NOT NULL,
  member_id  integer NOT NULL REFERENCES member(id),
  member_ref text NOT NULL,
  number     text NOT NULL CHECK (number ~ '^[0-9]{5}$'),
  server_ts  timestamptz NOT NULL,
  hash       text NOT NULL,
  ip         text NOT NULL,
  PRIMARY KEY (round_id, seq)
);
CREATE INDEX lotto_shot_member ON lotto_shot (round_id, member_id, seq DESC);
CREATE INDEX lotto_shot_ip ON lotto_shot (ip, server_ts);

CREATE TABLE lotto_yeekee_reward (
  round_id  bigint NOT NULL REFERENCES lotto_round(id),
  position  integer NOT NULL,
  seq       integer NOT NULL,
  member_id integer NOT NULL REFERENCES member(id),
  amount    bigint NOT NULL,
  PRIMARY KEY (round_id, position)
);

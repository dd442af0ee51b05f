-- Payments (docs/rules/payments.md): channels, deposit requests with unique pay amounts, gateway events,
-- statement imports, withdrawals, and the deposit promotion with its turnover (docs/rules/engagement.md §1).
-- Money is BIGINT satang.

-- Operator settings (one row). Numbers the domain marks configurable, with the document's defaults.
CREATE TABLE payment_setting (
  id                          integer PRIMARY KEY CHECK (id = 1),
  deposit_expiry_minutes      integer NOT NULL DEFAULT 15 CHECK (deposit_expiry_minutes > 0),
  late_match_minutes          integer NOT NULL DEFAULT 10 CHECK (late_match_minutes >= 0),
  second_approval_satang      bigint  NOT NULL DEFAULT 2000000,
  withdraw_min_satang         bigint  NOT NULL DEFAULT 10000,
  withdraw_daily_cap_satang   bigint  NOT NULL DEFAULT 20000000,
  withdraw_review_satang      bigint  NOT NULL DEFAULT 5000000,
  gateway_inquiry_after_seconds integer NOT NULL DEFAULT 120,
  inquiry_min_interval_seconds  integer NOT NULL DEFAULT 15,
  -- The built-in sandbox gateway: on for demo and tests, off in production (docs/rules/payments.md §3.3.4).
  sandbox_enabled             boolean NOT NULL DEFAULT true,
  updated_at                  timestamptz NOT NULL DEFAULT now()
);
INSERT INTO payment_setting (id) VALUES (1);

CREATE TABLE payment_channel (
  id          integer PRIMARY KEY,
  name        text NOT NULL,
  enabled     boolean NOT NULL DEFAULT true,
  min_satang  bigint NOT NULL CHECK (min_satang > 0),
  max_satang  bigint NOT NULL CHECK (max_satang >= min_satang),
  sort_order  integer NOT NULL DEFAULT 0
);

-- Round-robin position over a channel's active receiving accounts: a sequence, so picking an account
-- locks no shared row (nextval is never rolled back and never waits).
CREATE SEQUENCE payment_round_robin;

CREATE TABLE payment_sub_channel (
  channel_id  integer NOT NULL REFERENCES payment_channel(id),
  id          integer NOT NULL,
  name        text NOT NULL,
  enabled     boolean NOT NULL DEFAULT true,
  PRIMARY KEY (channel_id, id)
);

-- An operator PromptPay ID; money sent to it lands in the linked bank account, so its requests share
-- that account's pay-amount reservations and statement.
CREATE TABLE promptpay_account (
  id              serial PRIMARY KEY,
  bank_account_id integer NOT NULL REFERENCES agent_bank_account(id),
  proxy_type      text NOT NULL CHECK (proxy_type IN ('phone', 'tax_id')),
  proxy_id        text NOT NULL,
  account_name    text NOT NULL,
  is_active       boolean NOT NULL DEFAULT true,
  sort_order      integer NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (proxy_type, proxy_id)
);

CREATE TABLE payment_gateway (
  id              serial PRIMARY KEY,
  code            text NOT NULL UNIQUE CHECK (code ~ '^[a-z0-9_]{2,32}$'),
  name            text NOT NULL,
  is_active       boolean NOT NULL DEFAULT true,
  webhook_secret  bytea NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);

-- The sandbox gateway's own books: what a real gateway would keep on its side.
CREATE TABLE sandbox_gateway_payment (
  gateway_ref   text PRIMARY KEY,
  reference     text NOT NULL,
  amount_satang bigint NOT NULL CHECK (amount_satang > 0),
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'expired', 'failed')),
  paid_satang   bigint,
  qr_payload    text NOT NULL,
  expires_at    timestamptz NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);

-- Deposit promotion rules for the foundation's promotion rows (docs/rules/engagement.md §1).
CREATE TABLE promotion_rule (
  promotion_id        integer PRIMARY KEY REFERENCES promotion(id),
  kind                text NOT NULL DEFAULT 'percent' CHECK (kind IN ('percent', 'fixed')),
  value               bigint NOT NULL CHECK (value > 0),
  cap_satang          bigint,
  min_deposit_satang  bigint NOT NULL DEFAULT 10000,
  turnover_multiplier integer NOT NULL DEFAULT 5 CHECK (turnover_multiplier >= 0),
  eligibility         text NOT NULL DEFAULT 'first_of_day'
                        CHECK (eligibility IN ('first_of_day', 'first_ever', 'every')),
  max_withdraw_satang bigint,
  expiry_days         integer NOT NULL DEFAULT 7 CHECK (expiry_days > 0)
);

CREATE TABLE deposit_request (
  id                   bigserial PRIMARY KEY,
  member_id            integer NOT NULL REFERENCES member(id),
  channel_id           integer NOT NULL REFERENCES payment_channel(id),
  sub_channel_id       integer NOT NULL,
  amount_satang        bigint NOT NULL CHECK (amount_satang > 0 AND amount_satang % 100 = 0),
  pay_amount_satang    bigint NOT NULL CHECK (pay_amount_satang > amount_satang),
  -- The receiving account: an agent bank account, TrueMoney wallet, or payment gateway.
  account_kind         text NOT NULL CHECK (account_kind IN ('bank', 'truemoney', 'gateway')),
  account_id           integer NOT NULL,
  promptpay_account_id integer REFERENCES promptpay_account(id),
  qr_payload           text,
  gateway_ref          text UNIQUE,
  promotion_id         integer REFERENCES promotion(id),
  status               text NOT NULL DEFAULT 'open'
                         CHECK (status IN ('open', 'paid', 'expired', 'cancelled', 'review', 'rejected')),
  -- The pay amount stays reserved on its account until expires_at + late_match_minutes.
  reserved             boolean NOT NULL DEFAULT true,
  created_at           timestamptz NOT NULL DEFAULT now(),
  expires_at           timestamptz NOT NULL,
  paid_at              timestamptz,
  paid_satang          bigint,
  confirmed_via        text CHECK (confirmed_via IN ('operator', 'statement', 'gateway')),
  confirm_ref          text,
  confirmed_by         integer REFERENCES staff(id),
  first_approval_by    integer REFERENCES staff(id),
  first_approval_ref   text,
  first_approval_at    timestamptz,
  review_satang        bigint,
  reason               text,
  notice               text,
  last_inquiry_at      timestamptz,
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX deposit_request_unique_pay_amount
  ON deposit_request (account_kind, account_id, pay_amount_satang) WHERE reserved;
CREATE UNIQUE INDEX deposit_request_one_open ON deposit_request (member_id) WHERE status = 'open';
CREATE INDEX deposit_request_candidates ON deposit_request (account_kind, account_id, pay_amount_satang, created_at);
CREATE INDEX deposit_request_member ON deposit_request (member_id, id DESC);
CREATE INDEX deposit_request_status ON deposit_request (status, id) WHERE status IN ('open', 'review');
CREATE INDEX deposit_request_reserved ON deposit_request (expires_at) WHERE reserved;

CREATE TABLE gateway_event (
  gateway     text NOT NULL,
  event_id    text NOT NULL,
  gateway_ref text NOT NULL,
  status      text NOT NULL,
  paid_satang bigint NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (gateway, event_id)
);

CREATE TABLE statement_import (
  id            bigserial PRIMARY KEY,
  account_kind  text NOT NULL CHECK (account_kind IN ('bank', 'truemoney', 'gateway')),
  account_id    integer NOT NULL,
  template      text NOT NULL,
  file_name     text NOT NULL DEFAULT '',
  imported_by   integer NOT NULL REFERENCES staff(id),
  lines_read    integer NOT NULL DEFAULT 0,
  lines_new     integer NOT NULL DEFAULT 0,
  matched       integer NOT NULL DEFAULT 0,
  unmatched     integer NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL DEFAULT now()
);

-- Credit lines of imported statements, each stored once.
CREATE TABLE statement_line (
  id             bigserial PRIMARY KEY,
  import_id      bigint NOT NULL REFERENCES statement_import(id),
  account_kind   text NOT NULL CHECK (account_kind IN ('bank', 'truemoney', 'gateway')),
  account_id     integer NOT NULL,
  posted_at      timestamptz NOT NULL,
  amount_satang  bigint NOT NULL CHECK (amount_satang > 0),
  counterparty   text NOT NULL DEFAULT '',
  bank_ref       text,
  occurrence_no  integer NOT NULL DEFAULT 1,
  description    text NOT NULL DEFAULT '',
  status         text NOT NULL CHECK (status IN ('matched', 'unmatched', 'assigned', 'ignored')),
  request_id     bigint REFERENCES deposit_request(id),
  -- Assignments of 20,000 baht or more wait for a second operator.
  assign_member_id   integer REFERENCES member(id),
  assign_requested_by integer REFERENCES staff(id),
  note           text,
  resolved_by    integer REFERENCES staff(id),
  resolved_at    timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX statement_line_by_ref
  ON statement_line (account_kind, account_id, bank_ref) WHERE bank_ref IS NOT NULL;
CREATE UNIQUE INDEX statement_line_by_facts
  ON statement_line (account_kind, account_id, posted_at, amount_satang, counterparty, occurrence_no)
  WHERE bank_ref IS NULL;
CREATE INDEX statement_line_unmatched ON statement_line (id) WHERE status = 'unmatched';

CREATE TABLE withdrawal (
  id            bigserial PRIMARY KEY,
  member_id     integer NOT NULL REFERENCES member(id),
  amount_satang bigint NOT NULL CHECK (amount_satang > 0 AND amount_satang % 100 = 0),
  status        text NOT NULL CHECK (status IN ('pending', 'review', 'paid', 'rejected')),
  bank_code     text NOT NULL,
  account_no    text NOT NULL,
  account_name  text NOT NULL,
  review_reason text,
  reason        text,
  bank_ref      text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  decided_at    timestamptz,
  decided_by    integer REFERENCES staff(id),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX withdrawal_one_open ON withdrawal (member_id) WHERE status IN ('pending', 'review');
CREATE INDEX withdrawal_member ON withdrawal (member_id, id DESC);
CREATE INDEX withdrawal_queue ON withdrawal (status, id) WHERE status IN ('pending', 'review');

-- Per-member override of the daily withdrawal cap.
CREATE TABLE member_withdraw_limit (
  member_id         integer PRIMARY KEY REFERENCES member(id),
  daily_cap_satang  bigint NOT NULL CHECK (daily_cap_satang >= 0),
  updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE member_promotion (
  id                        bigserial PRIMARY KEY,
  member_id                 integer NOT NULL REFERENCES member(id),
  promotion_id              integer NOT NULL REFERENCES promotion(id),
  deposit_request_id        bigint NOT NULL UNIQUE REFERENCES deposit_request(id),
  deposit_satang            bigint NOT NULL,
  bonus_satang              bigint NOT NULL,
  required_turnover_satang  bigint NOT NULL,
  max_withdraw_satang       bigint,
  status                    text NOT NULL DEFAULT 'active'
                              CHECK (status IN ('active', 'completed', 'expired', 'lost', 'cancelled')),
  taken_at                  timestamptz NOT NULL DEFAULT now(),
  ends_at                   timestamptz NOT NULL,
  closed_at                 timestamptz,
  released_satang           bigint,
  forfeited_satang          bigint
);
CREATE UNIQUE INDEX member_promotion_one_active ON member_promotion (member_id) WHERE status = 'active';

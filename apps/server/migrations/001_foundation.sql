-- Foundation: operator, content, members, sessions, OTP, SMS outbox, ledger, staff, audit.

CREATE TABLE agent (
  id               integer PRIMARY KEY,
  code             text NOT NULL UNIQUE,
  name             text NOT NULL,
  logo_url         text NOT NULL DEFAULT '',
  line_admin_url   text NOT NULL DEFAULT '',
  line_contact_url text NOT NULL DEFAULT '',
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE agent_bank_account (
  id           serial PRIMARY KEY,
  agent_id     integer NOT NULL REFERENCES agent(id),
  bank_code    text NOT NULL,
  account_no   text NOT NULL,
  account_name text NOT NULL,
  is_active    boolean NOT NULL DEFAULT true,
  sort_order   integer NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (bank_code, account_no)
);

CREATE TABLE agent_true_money_account (
  id           serial PRIMARY KEY,
  agent_id     integer NOT NULL REFERENCES agent(id),
  phone        text NOT NULL UNIQUE,
  account_name text NOT NULL,
  is_active    boolean NOT NULL DEFAULT true,
  sort_order   integer NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE notification (
  id          serial PRIMARY KEY,
  agent_id    integer NOT NULL REFERENCES agent(id),
  type        integer NOT NULL,
  title       text NOT NULL,
  description text NOT NULL DEFAULT '',
  image       text,
  is_active   boolean NOT NULL DEFAULT true,
  sort_order  integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE banner (
  id         serial PRIMARY KEY,
  agent_id   integer NOT NULL REFERENCES agent(id),
  title      text NOT NULL,
  image      text NOT NULL,
  link       text,
  is_active  boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE event (
  id         serial PRIMARY KEY,
  agent_id   integer NOT NULL REFERENCES agent(id),
  title      text NOT NULL,
  image      text NOT NULL,
  link       text,
  is_active  boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE promotion (
  id          serial PRIMARY KEY,
  agent_id    integer NOT NULL REFERENCES agent(id),
  title       text NOT NULL,
  description text NOT NULL DEFAULT '',
  image       text,
  terms       text NOT NULL DEFAULT '',
  is_active   boolean NOT NULL DEFAULT true,
  sort_order  integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE member (
  id                 serial PRIMARY KEY,
  agent_id           integer NOT NULL REFERENCES agent(id),
  phone              text NOT NULL UNIQUE CHECK (phone ~ '^0[0-9]{9}$'),
  password_hash      text NOT NULL,
  bank_code          text NOT NULL,
  account_no         text NOT NULL CHECK (account_no ~ '^[0-9]{10,15}$'),
  account_name       text NOT NULL,
  line_id            text,
  referral_code      text NOT NULL UNIQUE,
  referred_by        integer REFERENCES member(id),
  sub_bank_account   text UNIQUE,
  status             text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
  failed_login_count integer NOT NULL DEFAULT 0,
  locked_until       timestamptz,
  last_login_at      timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (bank_code, account_no)
);

CREATE TABLE member_session (
  id           bigserial PRIMARY KEY,
  member_id    integer NOT NULL REFERENCES member(id),
  token_hash   bytea NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz,
  ip           text,
  user_agent   text
);
CREATE INDEX member_session_member ON member_session (member_id) WHERE revoked_at IS NULL;

CREATE TABLE otp (
  id          bigserial PRIMARY KEY,
  phone       text NOT NULL,
  purpose     text NOT NULL CHECK (purpose IN ('register', 'reset_password')),
  ref         text NOT NULL,
  code_hash   bytea NOT NULL,
  attempts    integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX otp_phone_purpose ON otp (phone, purpose, created_at DESC);

CREATE TABLE sms_outbox (
  id         bigserial PRIMARY KEY,
  phone      text NOT NULL,
  body       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_outbox_phone ON sms_outbox (phone, id DESC);

-- Ledger (docs/rules/casino.md §2). Member wallets carry a balance that can never go negative; system
-- accounts carry none: their balance is derived from transfers so no row is updated per bet.
CREATE TABLE wallet_type (
  id   integer PRIMARY KEY,
  name text NOT NULL
);
INSERT INTO wallet_type (id, name) VALUES (1, 'กระเป๋าหลัก'), (2, 'กระเป๋าโบนัส'), (3, 'เครดิตฟรี');

CREATE TABLE ledger_account (
  id             serial PRIMARY KEY,
  member_id      integer REFERENCES member(id),
  wallet_type_id integer REFERENCES wallet_type(id),
  code           text UNIQUE,
  kind           text NOT NULL CHECK (kind IN ('member_wallet', 'system')),
  balance        bigint CHECK (balance >= 0),
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'member_wallet') = (member_id IS NOT NULL AND wallet_type_id IS NOT NULL AND balance IS NOT NULL)),
  CHECK ((kind = 'system') = (code IS NOT NULL AND member_id IS NULL AND balance IS NULL)),
  UNIQUE (member_id, wallet_type_id)
);

CREATE TABLE ledger_transfer (
  id                bigserial PRIMARY KEY,
  debit_account_id  integer NOT NULL REFERENCES ledger_account(id),
  credit_account_id integer NOT NULL REFERENCES ledger_account(id),
  amount            bigint NOT NULL CHECK (amount > 0),
  kind              text NOT NULL,
  reference         text,
  idempotency_key   text NOT NULL UNIQUE,
  created_at        timestamptz NOT NULL DEFAULT now(),
  CHECK (debit_account_id <> credit_account_id)
);
CREATE INDEX ledger_transfer_debit ON ledger_transfer (debit_account_id, id);
CREATE INDEX ledger_transfer_credit ON ledger_transfer (credit_account_id, id);

-- reject_mutation: now in platform/sql/reject_mutation.sql (decision 0072).
CREATE TRIGGER ledger_transfer_no_update BEFORE UPDATE OR DELETE ON ledger_transfer
  FOR EACH ROW EXECUTE FUNCTION reject_mutation();
CREATE TRIGGER ledger_transfer_no_truncate BEFORE TRUNCATE ON ledger_transfer
  FOR EACH STATEMENT EXECUTE FUNCTION reject_mutation();

-- Snapshot of system-account balances up to a transfer id; derived balance = snapshot + later delta.
CREATE TABLE ledger_rollup (
  account_id       integer PRIMARY KEY REFERENCES ledger_account(id),
  up_to_transfer   bigint NOT NULL,
  balance          bigint NOT NULL,
  rolled_up_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE staff (
  id            serial PRIMARY KEY,
  username      text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  role          text NOT NULL CHECK (role IN ('owner', 'finance', 'lotto', 'support', 'content')),
  totp_secret   text NOT NULL,
  last_totp_step bigint,
  is_active     boolean NOT NULL DEFAULT true,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE staff_session (
  id           bigserial PRIMARY KEY,
  staff_id     integer NOT NULL REFERENCES staff(id),
  token_hash   bytea NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz
);

-- Hash-chained audit log: hash = sha256(prev_hash || canonical record).
CREATE TABLE audit_log (
  id          bigserial PRIMARY KEY,
  actor_type  text NOT NULL CHECK (actor_type IN ('staff', 'member', 'system')),
  actor_id    integer,
  action      text NOT NULL,
  entity      text NOT NULL,
  entity_id   text,
  before      jsonb,
  after       jsonb,
  created_at  timestamptz NOT NULL DEFAULT now(),
  prev_hash   bytea,
  hash        bytea NOT NULL
);
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION reject_mutation();

-- Connectors to outside services (SMS providers, LINE, banks' payment APIs, wallets, relays):
-- docs/rules/connectors.md. Owned by the connectors module.

-- A credential the owner entered in the console, sealed with AES-256-GCM under CONNECTOR_SECRETS_KEY:
-- `sealed` is the 12-byte IV, the 16-byte tag and the ciphertext; `key_id` names the key that sealed it
-- (the first bytes of its SHA-256), so a rotated key re-seals the rows of the previous one at start-up.
CREATE TABLE connector_secret (
  connector text NOT NULL,
  name text NOT NULL,
  sealed bytea NOT NULL,
  key_id text NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_by bigint,
  PRIMARY KEY (connector, name)
);

-- Every call out to a provider: what was asked, how it ended and how long it took. The console's connector
-- page reads the last success, the last error and the error rate from here; rows older than the retention
-- are removed by a job.
CREATE TABLE connector_call (
  id bigserial PRIMARY KEY,
  connector text NOT NULL,
  operation text NOT NULL,
  request_id text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('ok', 'error', 'timeout')),
  http_status integer,
  latency_ms integer NOT NULL CHECK (latency_ms >= 0),
  error text,
  at timestamptz NOT NULL
);
CREATE INDEX connector_call_by_connector ON connector_call (connector, at DESC);

-- The event ids of webhooks received, one row per provider event: a replayed delivery finds its row and
-- does nothing.
CREATE TABLE connector_event (
  connector text NOT NULL,
  event_id text NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (connector, event_id)
);

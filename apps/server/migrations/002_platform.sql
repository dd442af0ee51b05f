-- Idempotent requests: the first answer to (member, scope, key) is stored and replayed.
CREATE TABLE idempotency_request (
  member_id    integer NOT NULL REFERENCES member(id),
  scope        text NOT NULL,
  key          text NOT NULL,
  request_hash bytea NOT NULL,
  response     jsonb,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, scope, key)
);
CREATE INDEX idempotency_request_created ON idempotency_request (created_at);

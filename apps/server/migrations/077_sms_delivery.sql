-- SMS through providers (docs/rules/connectors.md §5): the outbox stays the record of every message and
-- now says how it went. A message the built-in sender keeps (SMS_PROVIDER=outbox) is `sent` at once with
-- provider `outbox`; one for a provider is `queued` until the sending job (or the sweep) has it
-- accepted (`sent`), the provider reports it `delivered`, or every try and the fallback provider failed
-- (`failed`). `next_attempt_at` is when a queued message may be tried next: a worker takes it by moving
-- that time ahead in one statement, so two workers never send it at once and a worker that dies leaves
-- it to the sweep. `masked_body` is the text with its secret (an OTP) replaced, for the console of a
-- production site.
ALTER TABLE sms_outbox
  ADD COLUMN status text NOT NULL DEFAULT 'sent' CHECK (status IN ('queued', 'sent', 'delivered', 'failed')),
  ADD COLUMN provider text NOT NULL DEFAULT 'outbox',
  ADD COLUMN attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  ADD COLUMN provider_attempts integer NOT NULL DEFAULT 0 CHECK (provider_attempts >= 0),
  ADD COLUMN next_attempt_at timestamptz,
  ADD COLUMN provider_message_id text,
  ADD COLUMN last_error text,
  ADD COLUMN masked_body text,
  ADD COLUMN updated_at timestamptz;

CREATE INDEX sms_outbox_due ON sms_outbox (next_attempt_at) WHERE status = 'queued';
CREATE UNIQUE INDEX sms_outbox_provider_message ON sms_outbox (provider, provider_message_id)
  WHERE provider_message_id IS NOT NULL;

-- The OTP messages kept before this migration get their masked copy too (the OTP text of
-- modules/auth/otp.ts: "…: 123456 (รหัสอ้างอิง …").
UPDATE sms_outbox SET masked_body = regexp_replace(body, ': [0-9]{6} \(', ': •••••• (')
 WHERE body ~ ': [0-9]{6} \(';

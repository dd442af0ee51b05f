-- Credit lines now arrive three ways (docs/rules/payments.md §3.2, §3.5, §3.6): a statement file the
-- operator imports, the TrueMoney wallet's webhook, and the operator's phone relaying the receiving
-- account's bank notifications. They share one table, so one queue shows every unmatched line, and a
-- transfer seen by two of them is credited once.

-- Where the line came from: a statement file ('import'), the TrueMoney webhook, the relay, or a payment
-- gateway's own confirmation ('gateway', a line with neither import nor request). A line that did not
-- come from a file has no import.
ALTER TABLE statement_line
  ADD COLUMN source text NOT NULL DEFAULT 'import'
  CHECK (source IN ('import', 'wallet_webhook', 'relay', 'gateway'));
ALTER TABLE statement_line ALTER COLUMN import_id DROP NOT NULL;
-- Data move: the lines a gateway put in the queue before this column existed.
UPDATE statement_line SET source = 'gateway' WHERE import_id IS NULL AND account_kind = 'gateway';

-- A line of one source found to be the same transfer as an earlier line of another (same account and
-- amount, close in time, agreeing counterparty) is stored as `twin`, pointing at that line, and pays
-- nothing; the earlier line records when its twin came, and is not taken as the twin of a third.
ALTER TABLE statement_line DROP CONSTRAINT statement_line_status_check;
ALTER TABLE statement_line ADD CONSTRAINT statement_line_status_check
  CHECK (status IN ('matched', 'unmatched', 'assigned', 'ignored', 'twin'));
ALTER TABLE statement_line ADD COLUMN twin_of bigint REFERENCES statement_line(id);
ALTER TABLE statement_line ADD COLUMN twin_seen_at timestamptz;
ALTER TABLE statement_line ADD CONSTRAINT statement_line_twin CHECK ((status = 'twin') = (twin_of IS NOT NULL));

-- The twin search: one account's lines of one amount around a time.
CREATE INDEX statement_line_twin_search ON statement_line (account_kind, account_id, amount_satang, posted_at)
  WHERE twin_seen_at IS NULL AND status <> 'twin';

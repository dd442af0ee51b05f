-- Operator console (issue 13): notes staff keep on a member, and what the dashboard's day figures
-- read by time (docs/rules/payments.md, docs/rules/casino.md §2).

-- An operator's note on a member: append-only, each one audited when written.
CREATE TABLE member_note (
  id         bigserial PRIMARY KEY,
  member_id  integer NOT NULL REFERENCES member(id),
  staff_id   integer NOT NULL REFERENCES staff(id),
  body       text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_note_member ON member_note (member_id, id DESC);
CREATE TRIGGER member_note_no_update BEFORE UPDATE OR DELETE ON member_note
  FOR EACH ROW EXECUTE FUNCTION reject_mutation();

-- The dashboard reads the ledger by Bangkok day: transfers are appended in time order, so a BRIN
-- range index finds a day's rows for almost no upkeep on the hottest table.
CREATE INDEX ledger_transfer_created_brin ON ledger_transfer USING brin (created_at) WITH (pages_per_range = 16);
-- New members per day, and member search by account number alone (the unique index leads with the bank).
CREATE INDEX member_created ON member (created_at);
CREATE INDEX member_account_no ON member (account_no);
-- A member's game bets for the console's member page, and each bet's credits by the bet's id.
CREATE INDEX wallet_op_member_debits ON wallet_op (member_id, id DESC) WHERE op = 'debit';
CREATE INDEX wallet_op_credit_of_bet ON wallet_op (provider_id, player_id, bet_tx_id) WHERE bet_tx_id IS NOT NULL;

-- The dashboard's figures of a Bangkok day that has closed (its end at least two hours past, so no
-- transaction that started in it can still commit), kept once computed: the ledger is append-only and
-- stamps each transfer with the time it was written, so a closed day's sums never change. Today (and
-- a day still within those two hours) is read live.
CREATE TABLE report_day (
  day         date PRIMARY KEY,
  figures     jsonb NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now()
);

-- Money rules of issue 9 (docs/decisions/0031): reconciliation freezes, and the index the bonus
-- turnover reads.

-- A member whose wallets nightly reconciliation found out of line with their transfers
-- (docs/rules/casino.md §2.6): withdrawals are refused until an operator clears the freeze.
-- At most one open freeze per member; a cleared one stays as history.
CREATE TABLE member_withdrawal_freeze (
  id          bigserial PRIMARY KEY,
  member_id   integer NOT NULL REFERENCES member(id),
  reason      text NOT NULL CHECK (reason IN ('reconciliation')),
  -- What was found: the accounts, their stored balances and the balances their transfers give.
  detail      jsonb NOT NULL DEFAULT '{}',
  created_at  timestamptz NOT NULL DEFAULT now(),
  cleared_at  timestamptz,
  cleared_by  integer REFERENCES staff(id),
  clear_note  text,
  CHECK ((cleared_at IS NULL) = (cleared_by IS NULL))
);
CREATE UNIQUE INDEX member_withdrawal_freeze_open ON member_withdrawal_freeze (member_id) WHERE cleared_at IS NULL;

-- Promotion turnover = settled stake from the bonus wallet (docs/rules/casino.md §1.2): the
-- debits of the bonus and free-credit wallets only, a small slice of wallet_op.
CREATE INDEX wallet_op_bonus_debits ON wallet_op (member_id, wallet_type_id, created_at)
  WHERE op = 'debit' AND wallet_type_id <> 1;

-- A redemption held for a risk review (docs/rules/engagement.md G5) and rejected by an operator goes
-- back to the affiliate balance: a `returned` entry, positive like a commission.
ALTER TABLE affiliate_entry
  DROP CONSTRAINT affiliate_entry_kind_check,
  DROP CONSTRAINT affiliate_entry_check,
  ADD CONSTRAINT affiliate_entry_kind_check CHECK (kind IN ('commission', 'redeem', 'returned')),
  ADD CONSTRAINT affiliate_entry_sign_check CHECK ((kind = 'redeem') = (amount_satang < 0));

-- docs/rules/payments.md §4: the registered account name is checked against the name the bank shows
-- on the member's first payout; an operator's change of bank data or name asks for the check again.
ALTER TABLE member
  ADD COLUMN name_verified_at timestamptz,
  ADD COLUMN name_verified_by integer REFERENCES staff(id);

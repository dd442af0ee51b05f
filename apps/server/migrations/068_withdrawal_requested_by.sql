-- A withdrawal a finance operator requested for a self-excluded member (docs/rules/protection.md
-- §4.2) keeps who requested it: that operator cannot also pay it (docs/rules/payments.md §5, two
-- operators for a payout staff started). NULL for a member's own request.
ALTER TABLE withdrawal ADD COLUMN requested_by integer REFERENCES staff(id);

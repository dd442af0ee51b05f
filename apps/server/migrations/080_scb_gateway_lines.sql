-- SCB QR payments (docs/rules/payments.md §3.4): a payment SCB confirms that pays no open request (an
-- unknown or lapsed reference, a second payment of the same QR) waits in the operator's unmatched-lines
-- queue beside the statement lines. Such a line comes from the gateway, not from an imported file, so it
-- has no import.
ALTER TABLE statement_line ALTER COLUMN import_id DROP NOT NULL;

-- Per-round rate overrides (docs/rules/lottery.md §3): a round copies its market's rates at creation
-- and an operator may set different ones for that round alone. `settings.rates` stays what bills read
-- (a change bumps rules_version, so a bill in flight re-checks); `rate_overrides` keeps, per bet type,
-- the fields the operator set that differ from the market's rates, so screens can say the round's rates
-- are special. Bills keep the rate they were placed at (lotto_bill_item.rate_snapshot).
ALTER TABLE lotto_round ADD COLUMN rate_overrides jsonb;

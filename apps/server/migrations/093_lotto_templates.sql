-- Rate and เลขอั้น templates per market (docs/rules/lottery.md §3, §4): the scheduler applies a market's
-- active template to every round it creates. Owned by the lotto module.
CREATE TABLE lotto_template (
  id            bigserial PRIMARY KEY,
  market_id     integer NOT NULL REFERENCES lotto_market(id),
  name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  -- Per bet type, the fields that differ from the market's rates (as a round's rate_overrides).
  rates         jsonb,
  -- [{bet_type, number, action, rate, cap}]: cap in satang, rate with two decimals or null.
  number_limits jsonb NOT NULL DEFAULT '[]',
  is_active     boolean NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL,
  updated_by    integer REFERENCES staff(id)
);
CREATE UNIQUE INDEX lotto_template_active ON lotto_template (market_id) WHERE is_active;
CREATE INDEX lotto_template_by_market ON lotto_template (market_id, id);

-- Which template a round was created with (null: none).
ALTER TABLE lotto_round ADD COLUMN template_id bigint REFERENCES lotto_template(id) ON DELETE SET NULL;

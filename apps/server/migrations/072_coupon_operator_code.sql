-- docs/rules/engagement.md §2: a campaign may have one code its operator chose, a word a person can
-- say ("CHOK100"), beside its generated codes. Case does not matter to a member, so it is unique on
-- lower(code) over every campaign; its shape can never be read as a generated code (letters and digits,
-- 4 to 20 of them, at least one letter, and not 10 characters of the generated codes' alphabet).
ALTER TABLE coupon_campaign
  ADD COLUMN operator_code text
    CHECK (operator_code ~ '^[A-Za-z0-9]{4,20}$' AND operator_code ~ '[A-Za-z]');
CREATE UNIQUE INDEX coupon_campaign_operator_code ON coupon_campaign (lower(operator_code))
  WHERE operator_code IS NOT NULL;

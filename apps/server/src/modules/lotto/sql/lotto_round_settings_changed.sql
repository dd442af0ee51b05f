-- Trigger function of lotto_round_rules_version (migration 051): changed round settings move the
-- round's rules version (decision 0011).
CREATE OR REPLACE FUNCTION lotto_round_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.rules_version := OLD.rules_version + 1;
  RETURN NEW;
END $$;

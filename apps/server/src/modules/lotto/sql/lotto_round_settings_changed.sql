CREATE OR REPLACE FUNCTION lotto_round_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.rules_version := OLD.rules_version + 1;
  RETURN NEW;
END $$;

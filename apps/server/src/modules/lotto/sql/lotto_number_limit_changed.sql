CREATE OR REPLACE FUNCTION lotto_number_limit_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE lotto_round SET rules_version = rules_version + 1 WHERE id = OLD.round_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.round_id <> OLD.round_id) THEN
    UPDATE lotto_round SET rules_version = rules_version + 1 WHERE id = NEW.round_id;
  END IF;
  RETURN NULL;
END $$;

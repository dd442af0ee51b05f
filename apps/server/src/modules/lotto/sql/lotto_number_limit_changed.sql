-- Trigger function of lotto_number_limit_rules_version (migration 051): a changed เลขอั้น moves the
-- rules version of its round (and of the round it left), so a bill checked against the old rules is
-- sent the new ones instead of being placed (decision 0011).
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

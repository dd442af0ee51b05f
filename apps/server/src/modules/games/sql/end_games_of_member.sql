-- Trigger function of member_password_changed (migration 040): a member whose password changes loses
-- their open game sessions and unused game launches at once, as a revoked login does.
CREATE OR REPLACE FUNCTION end_games_of_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE game_session SET closed_at = now()
    WHERE member_id = NEW.id AND closed_at IS NULL;
  UPDATE game_launch SET revoked_at = now()
    WHERE member_id = NEW.id AND used_at IS NULL AND revoked_at IS NULL;
  RETURN NULL;
END $$;

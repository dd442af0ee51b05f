-- Trigger function of member_session_revoked (migration 040): a revoked login closes the game sessions
-- and unused game launches opened under it (docs/rules/casino.md).
CREATE OR REPLACE FUNCTION end_games_of_member_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE game_session SET closed_at = NEW.revoked_at
    WHERE member_session_id = NEW.id AND closed_at IS NULL;
  UPDATE game_launch SET revoked_at = NEW.revoked_at
    WHERE member_session_id = NEW.id AND used_at IS NULL AND revoked_at IS NULL;
  RETURN NULL;
END $$;

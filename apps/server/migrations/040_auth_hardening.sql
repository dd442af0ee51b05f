-- Accounts and sessions hardening (issue 9).

-- Staff accounts get the members' login lock-out: failures are counted by one UPDATE each.
ALTER TABLE staff
  ADD COLUMN failed_login_count integer NOT NULL DEFAULT 0,
  ADD COLUMN locked_until timestamptz;

-- SMS cost caps (issue 9): OTPs sent per clock hour across all phones, counted by one upsert each
-- (auth/otp.ts). The per-phone cap counts the phone's `otp` rows under an advisory lock.
CREATE TABLE otp_quota (
  scope text NOT NULL,
  hour  timestamptz NOT NULL,
  sent  integer NOT NULL CHECK (sent > 0),
  PRIMARY KEY (scope, hour)
);

-- Demo sessions are deleted once expired (a batch on every demo launch, the rest by the sweep).
CREATE INDEX game_demo_session_expires ON game_demo_session (expires_at);

-- A game launch and the game session made from it belong to the member session that launched it
-- (NULL: not launched through /api/game/link). The game ends with that member session: revoking
-- it closes its game sessions and spends its unused launch tokens, and a new password ends every
-- game of the member, whichever path (logout, password change or reset, a script) made the change.
-- In-house games also refuse a session whose member session has expired (originals/sessions.ts).
ALTER TABLE game_launch ADD COLUMN member_session_id bigint REFERENCES member_session(id);
ALTER TABLE game_session ADD COLUMN member_session_id bigint REFERENCES member_session(id);
CREATE INDEX game_session_member_session ON game_session (member_session_id) WHERE closed_at IS NULL;

-- end_games_of_member_session: now in modules/games/sql/end_games_of_member_session.sql (decision 0072).
CREATE TRIGGER member_session_revoked AFTER UPDATE OF revoked_at ON member_session
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION end_games_of_member_session();

-- end_games_of_member: now in modules/games/sql/end_games_of_member.sql (decision 0072).
CREATE TRIGGER member_password_changed AFTER UPDATE OF password_hash ON member
  FOR EACH ROW WHEN (OLD.password_hash IS DISTINCT FROM NEW.password_hash)
  EXECUTE FUNCTION end_games_of_member();

-- The operator console's staff, audit and games pages (issue 13 items 7 and 8): indexes for their
-- filtered, paged lists. The audit log is filtered by actor, action prefix, entity and day.
CREATE INDEX audit_log_created ON audit_log (created_at);
CREATE INDEX audit_log_entity ON audit_log (entity, entity_id);
CREATE INDEX audit_log_actor ON audit_log (actor_type, actor_id);
CREATE INDEX audit_log_action ON audit_log (action text_pattern_ops);
-- Recent in-house rounds by game; fairness seeds of a member (player seeds) are indexed already.
CREATE INDEX game_round_game ON game_round (game_id, id DESC);

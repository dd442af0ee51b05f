-- A member's shots in a round are found by one key that only this index answers (decision 0081):
-- `round_id * 4294967296 + member_id` (member ids are integers, so each pair has its own key). With
-- two indexes that both start with round_id, a connection that planned the batch read
-- (lotto_shot_state) while the table's statistics were young (empty, or one round of few members)
-- could keep a plan that walks the round's primary key and filters by member, reading every shot of
-- the round for every batch. The key leaves the planner no such choice. It replaces the
-- (round_id, member_id, seq DESC) index, so each shot still writes three index entries.
CREATE INDEX lotto_shot_round_member ON lotto_shot ((round_id * 4294967296 + member_id), seq DESC);
DROP INDEX lotto_shot_member;

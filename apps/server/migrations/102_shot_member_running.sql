-- Each shot carries its member's running figures in its round as the batch that wrote it judged them
-- (decision 0086): `member_n`, the member's shots in the round counting this one, and `member_last`,
-- the latest server_ts among them. A batch's read (lotto_shot_state) then takes a member's count and
-- last shot from the member's newest row — one probe of lotto_shot_round_member — instead of reading
-- every shot the member made in the round. NULL on shots written before: the read counts those.
-- Nullable with no default: adding them rewrites nothing.
ALTER TABLE lotto_shot ADD COLUMN member_n integer, ADD COLUMN member_last timestamptz;

-- Yeekee shots: the read a batch is judged against, as a function, so that a batch's write can read
-- the next batch's state and send the batch's events in the same round trip (docs/rules/lottery.md
-- §9; decision 0012).

-- Protection's part of that read (its table; docs/rules/protection.md §3.2, §4.2): the blocks on record
-- for some members, `{member_id, kind, until}`, in force or not (the caller judges that by its clock).
-- protection_shot_blocks: now in modules/protection/sql/protection_shot_blocks.sql (decision 0072).

-- What a batch of shots is judged against, without a lock: the round's fields the rules read with its
-- shooting token; per IP of the batch, the shots in `(p_earliest, p_latest]` (any round) as `core`
-- (those in `(p_latest − 60 s, p_earliest + 60 s]`, inside every shot's last minute) and the times
-- of the others; each member's count and last shot in the round; the members' blocks. NULL for no
-- such round. Planned on each call (EXECUTE): the generic plan for these arrays measured twice as
-- costly.
-- lotto_shot_state: now in modules/lotto/sql/lotto_shot_state.sql (decision 0072).

-- A batch's write (lotto_record_shots, under the round's lock) and, when it is written:
-- - its events (each shooter's own-shot event, the round's live count when due), sent in its
--   transaction, so they are delivered when, and only if, its shots commit, in commit order, at no
--   statement of their own; the channel and the packed payloads come from the event bus
--   (platform/events.ts `notifications`);
-- - when a next batch is given, that batch's state read in the same transaction after the write:
--   `{ok, next}`. The next state is the one the commit leaves (the lock is held until then), so it is
--   judged without a read of its own; its write still checks the round's token.
-- lotto_record_shots_read: now in modules/lotto/sql/lotto_record_shots_read.sql (decision 0072).

-- The shots' round-and-member key (migration 100, decision 0081) is `round_id * 4294967296 +
-- member_id` in a bigint, which holds for round ids up to 2,147,483,647. No round gets a larger id
-- (88 yeekee rounds a day use it up in some 66,000 years); an id beyond it is answered as not found.
ALTER TABLE lotto_round ADD CONSTRAINT lotto_round_id_in_shot_key CHECK (id BETWEEN 1 AND 2147483647);

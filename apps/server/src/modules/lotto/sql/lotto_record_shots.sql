-- Records a batch judged in Node against the round as it was read (docs/rules/lottery.md §9): only if
-- the round's token is still the one read are the shots inserted and the count and chain head moved,
-- under the round's FOR UPDATE lock, so seq order stays commit order. Answers false (nothing written)
-- when the round moved on; the caller reads it again and judges the batch again. Each shot carries its
-- member's running count and latest time in the round as the judgement left them (migration 102).
CREATE OR REPLACE FUNCTION lotto_record_shots(
  p_round bigint, p_token text, p_new_count integer, p_new_head text,
  p_seqs integer[], p_members integer[], p_refs text[], p_numbers text[], p_ts timestamptz[], p_hashes text[],
  p_ips text[], p_member_ns integer[], p_member_lasts timestamptz[]
) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  r lotto_round;
BEGIN
  SELECT * INTO r FROM lotto_round WHERE id = p_round FOR UPDATE;
  IF NOT FOUND OR lotto_shot_token(r) <> p_token THEN
    RETURN false;
  END IF;
  INSERT INTO lotto_shot (round_id, seq, member_id, member_ref, number, server_ts, hash, ip, member_n, member_last)
  SELECT p_round, u.seq, u.member_id, u.member_ref, u.number, u.server_ts, u.hash, u.ip, u.member_n, u.member_last
  FROM unnest(p_seqs, p_members, p_refs, p_numbers, p_ts, p_hashes, p_ips, p_member_ns, p_member_lasts)
    AS u(seq, member_id, member_ref, number, server_ts, hash, ip, member_n, member_last);
  UPDATE lotto_round SET shot_count = p_new_count, chain_head = p_new_head WHERE id = p_round;
  RETURN true;
END $$;

-- Whether a member owes a correction debt (docs/rules/lottery.md §8.3): credits to the main wallet of
-- such a member recover it first, which only the ledger's TypeScript path does.
CREATE OR REPLACE FUNCTION wallet_owes(p_member integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM lotto_member_debt d WHERE d.member_id = p_member AND d.recovered < d.amount)
$$;

-- A member's wallet by ledger account id or wallet type id; an account id wins when both match.
CREATE OR REPLACE FUNCTION wallet_account_of(p_member integer, p_wallet integer, OUT id integer, OUT wallet_type_id integer)
LANGUAGE sql STABLE AS $$
  SELECT a.id, a.wallet_type_id FROM ledger_account a
  WHERE a.member_id = p_member AND (a.id = p_wallet OR a.wallet_type_id = p_wallet)
  ORDER BY a.id = p_wallet DESC LIMIT 1
$$;

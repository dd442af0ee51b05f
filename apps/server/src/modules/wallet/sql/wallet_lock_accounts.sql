-- Locks member wallets for a group of debits (lotto_place_bills), in id order so that two groups
-- never wait for each other in a circle, and answers their balances. Accounts that are not member
-- wallets are left out.
CREATE OR REPLACE FUNCTION wallet_lock_accounts(p_accounts integer[])
RETURNS TABLE (id integer, balance bigint) LANGUAGE sql AS $$
  SELECT a.id, a.balance FROM ledger_account a
  WHERE a.id = ANY (p_accounts) AND a.kind = 'member_wallet'
  ORDER BY a.id FOR UPDATE
$$;

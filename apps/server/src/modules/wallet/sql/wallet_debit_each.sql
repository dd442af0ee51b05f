-- Debits several member wallets to one system account (created on first use) in two statements
-- (docs/rules/lottery.md §7, bills in groups): one transfer per debit, each with its own amount,
-- reference and idempotency key, inserted together; then each wallet's balance moved once by the sum
-- of its debits. The caller holds the wallets locked (wallet_lock_accounts) and has checked the money;
-- a wallet that would still go below zero raises INSUFFICIENT_FUNDS and a key already used raises, so
-- nothing of the group stays. Every transfer passes the bet guard (protection_count_loss) as one
-- wallet_move's does.
CREATE OR REPLACE FUNCTION wallet_debit_each(
  p_accounts integer[], p_amounts bigint[], p_system text, p_kind text, p_references text[], p_keys text[]
) RETURNS void LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  v_system integer;
  v_moved integer;
BEGIN
  IF cardinality(p_accounts) = 0 THEN
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(p_amounts) a WHERE a IS NULL OR a <= 0) THEN
    RAISE EXCEPTION 'transfer amounts must be positive satang';
  END IF;
  v_system := wallet_system_account(p_system);
  INSERT INTO ledger_transfer (debit_account_id, credit_account_id, amount, kind, reference, idempotency_key)
  SELECT u.account, v_system, u.amount, p_kind, u.reference, u.key
  FROM unnest(p_accounts, p_amounts, p_references, p_keys) WITH ORDINALITY AS u(account, amount, reference, key, ord)
  ORDER BY u.ord;
  UPDATE ledger_account a SET balance = a.balance - d.amount
  FROM (SELECT u.account, sum(u.amount)::bigint AS amount FROM unnest(p_accounts, p_amounts) AS u(account, amount)
        GROUP BY u.account) d
  -- The wallets by their primary key, as a list (a join on the ids alone may be planned as a scan of
  -- every wallet: decision 0083).
  WHERE a.id = ANY (p_accounts) AND a.id = d.account AND a.kind = 'member_wallet' AND a.balance >= d.amount;
  GET DIAGNOSTICS v_moved = ROW_COUNT;
  IF v_moved <> (SELECT count(DISTINCT x) FROM unnest(p_accounts) x) THEN
    RAISE EXCEPTION USING ERRCODE = 'CK001', MESSAGE = 'INSUFFICIENT_FUNDS';
  END IF;
END $$;

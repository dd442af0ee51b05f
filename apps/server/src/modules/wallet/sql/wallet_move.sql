-- Moves money between one member wallet and a system account (created on first use), claiming the
-- idempotency key in the same step (docs/rules/casino.md §2.3–2.4). `transfer_id` is NULL when the key
-- already existed (nothing moved). A debit that finds too little money raises INSUFFICIENT_FUNDS.
CREATE OR REPLACE FUNCTION wallet_move(
  p_account integer, p_system text, p_out boolean, p_amount bigint, p_kind text, p_reference text, p_key text,
  OUT transfer_id bigint, OUT balance bigint
) LANGUAGE plpgsql AS $$
DECLARE
  v_system integer;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 THEN
    RAISE EXCEPTION 'transfer amount must be positive satang: %', p_amount;
  END IF;
  v_system := wallet_system_account(p_system);
  INSERT INTO ledger_transfer (debit_account_id, credit_account_id, amount, kind, reference, idempotency_key)
  VALUES (CASE WHEN p_out THEN p_account ELSE v_system END, CASE WHEN p_out THEN v_system ELSE p_account END,
          p_amount, p_kind, p_reference, p_key)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING ledger_transfer.id INTO transfer_id;
  IF transfer_id IS NULL THEN
    RETURN;
  END IF;
  IF p_out THEN
    UPDATE ledger_account a SET balance = a.balance - p_amount
    WHERE a.id = p_account AND a.kind = 'member_wallet' AND a.balance >= p_amount
    RETURNING a.balance INTO balance;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'CK001', MESSAGE = 'INSUFFICIENT_FUNDS';
    END IF;
  ELSE
    UPDATE ledger_account a SET balance = a.balance + p_amount
    WHERE a.id = p_account AND a.kind = 'member_wallet'
    RETURNING a.balance INTO balance;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'ledger account % is not a member wallet', p_account;
    END IF;
  END IF;
END $$;

-- The stored answer of a transaction id, as seamless.ts `replay` gives it: a tombstone or a rolled-back
-- debit answers TX_ROLLED_BACK, an id stored for other content DUPLICATE_MISMATCH, the same operation
-- its stored status with the transfer written under its key; each with the wallet's balance now.
-- NULL when the id is not stored (the caller answers {fallback}).
CREATE OR REPLACE FUNCTION seamless_replay(
  p_provider text, p_player text, p_tx text, p_fingerprint bytea, p_key text, p_main_wallet integer
) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  s record;
  v_status text;
  v_transfer bigint;
BEGIN
  SELECT o.op, o.state, o.member_id, o.wallet_type_id, o.fingerprint, o.status INTO s FROM wallet_op o
  WHERE o.provider_id = p_provider AND o.player_id = p_player AND o.provider_tx_id = p_tx AND o.op_class = 'tx';
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF s.op = 'tombstone' OR s.state = 'rolled_back' THEN
    v_status := 'TX_ROLLED_BACK';
  ELSIF s.fingerprint <> p_fingerprint THEN
    v_status := 'DUPLICATE_MISMATCH';
  ELSE
    v_status := s.status;
    SELECT t.id INTO v_transfer FROM ledger_transfer t WHERE t.idempotency_key = p_key;
  END IF;
  RETURN json_build_object(
    'replay', true,
    'status', v_status,
    'transfer_id', v_transfer,
    'balance', coalesce((SELECT a.balance FROM ledger_account a
                         WHERE a.member_id = s.member_id
                           AND a.wallet_type_id = coalesce(s.wallet_type_id, p_main_wallet)), 0),
    'wallet_type_id', coalesce(s.wallet_type_id, p_main_wallet));
END $$;

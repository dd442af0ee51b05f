-- A provider's credit (a win or a refund of a debit, docs/rules/casino.md §3) in one call: claims the
-- nonce, finds the debit it settles and the wallet that paid it, stores the operation and moves the
-- money through wallet_move. A credit id already stored is answered as a retry (seamless_replay);
-- {fallback} sends the caller to the TypeScript path (an unknown debit, a debt to recover first).
CREATE OR REPLACE FUNCTION seamless_credit(
  p_nonce text, p_provider text, p_player text, p_member integer, p_tx text, p_bet_tx text, p_round text,
  p_game text, p_amount bigint, p_fingerprint bytea, p_key text, p_reference text, p_main_wallet integer
) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  bet record;
  v_wallet integer;
  v_op bigint;
  a integer;
  m record;
  v_transfer bigint;
  v_balance bigint;
BEGIN
  IF NOT seamless_claim_nonce(p_provider, p_nonce) THEN
    RETURN json_build_object('nonce_reused', true);
  END IF;
  SELECT o.id, o.op, o.wallet_type_id, o.state INTO bet FROM wallet_op o
  WHERE o.provider_id = p_provider AND o.player_id = p_player AND o.provider_tx_id = p_bet_tx AND o.op_class = 'tx'
  FOR UPDATE;
  IF NOT FOUND OR bet.op <> 'debit' OR bet.state = 'rolled_back' THEN
    RETURN json_build_object('fallback', true);
  END IF;
  v_wallet := coalesce(bet.wallet_type_id, p_main_wallet);
  IF p_amount > 0 AND v_wallet = p_main_wallet AND wallet_owes(p_member) THEN
    RETURN json_build_object('fallback', true);
  END IF;
  SELECT ac.id, ac.balance INTO a, v_balance FROM ledger_account ac
  WHERE ac.member_id = p_member AND ac.wallet_type_id = v_wallet;
  IF a IS NULL THEN
    RETURN json_build_object('fallback', true);
  END IF;
  INSERT INTO wallet_op (provider_id, player_id, provider_tx_id, op_class, op, member_id, wallet_type_id,
    session_id, round_id, game_code, amount, bet_tx_id, fingerprint, status, state)
  VALUES (p_provider, p_player, p_tx, 'tx', 'credit', p_member, bet.wallet_type_id, NULL, p_round, p_game,
    p_amount, p_bet_tx, p_fingerprint, 'OK', NULL)
  ON CONFLICT DO NOTHING
  RETURNING id INTO v_op;
  IF v_op IS NULL THEN
    RETURN coalesce(seamless_replay(p_provider, p_player, p_tx, p_fingerprint, p_key, p_main_wallet),
                    json_build_object('fallback', true));
  END IF;
  IF p_amount > 0 THEN
    SELECT * INTO m FROM wallet_move(a, 'sys:game:' || p_provider, false, p_amount, 'win', p_reference, p_key);
    IF m.transfer_id IS NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'CK001', MESSAGE = 'FALLBACK';
    END IF;
    v_transfer := m.transfer_id;
    v_balance := m.balance;
  END IF;
  IF bet.state = 'open' THEN
    UPDATE wallet_op SET state = 'settled' WHERE id = bet.id AND state = 'open';
  END IF;
  RETURN json_build_object('transfer_id', v_transfer, 'balance', v_balance, 'wallet_type_id', v_wallet);
END $$;

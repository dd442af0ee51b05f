-- A provider's retry answered in the same one call as the first attempt (docs/rules/casino.md §3.2,
-- decision 0012). A debit or credit whose transaction id is already stored used to answer {fallback}:
-- the TypeScript path then claimed nothing new but read the stored op, the balance and the transfer in
-- a transaction of its own, eight round trips instead of one (measured: a retried callback cost three
-- times the CPU of a first one, docs/benchmarks.md). A provider retries when answers are slow, so the
-- retries came exactly when the server had the least to spare.

-- The stored answer of a transaction id, as seamless.ts `replay` gives it: a tombstone or a rolled-back
-- debit answers TX_ROLLED_BACK, an id stored for other content DUPLICATE_MISMATCH, the same operation
-- its stored status with the transfer written under its key; each with the wallet's balance now.
-- NULL when the id is not stored (the caller answers {fallback}).
CREATE FUNCTION seamless_replay(
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

-- The debit of migration 051 with the main wallet's id as a last argument, for the replay's answer.
DROP FUNCTION seamless_debit(text, text, text, integer, text, text, text, bigint, bytea, timestamptz,
  timestamptz, text, text);
CREATE FUNCTION seamless_debit(
  p_nonce text, p_provider text, p_player text, p_member integer, p_tx text, p_round text, p_game text,
  p_amount bigint, p_fingerprint bytea, p_now timestamptz, p_idle_since timestamptz, p_key text, p_reference text,
  p_main_wallet integer
) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  c record;
  a integer;
  m record;
BEGIN
  IF NOT seamless_claim_nonce(p_provider, p_nonce) THEN
    RETURN json_build_object('nonce_reused', true);
  END IF;
  WITH s AS (
    SELECT gs.id, gs.wallet_type_id, mb.status AS member_status,
      EXISTS (SELECT 1 FROM game g JOIN game_wallet_category wc ON wc.category = ANY (g.categories)
              WHERE g.id = gs.game_id AND wc.wallet_type_id = gs.wallet_type_id) AS allowed
    FROM game_session gs JOIN member mb ON mb.id = gs.member_id
    WHERE gs.member_id = p_member AND gs.provider_id = p_provider AND gs.closed_at IS NULL
      AND gs.expires_at > p_now AND gs.last_seen_at > p_idle_since
    ORDER BY gs.id DESC LIMIT 1
  ), ok AS (
    SELECT * FROM s WHERE allowed AND member_status = 'active'
  ), touch AS (
    UPDATE game_session SET last_seen_at = p_now
    WHERE id = (SELECT id FROM ok) AND last_seen_at < p_now - interval '1 minute'
  ), ins AS (
    INSERT INTO wallet_op (provider_id, player_id, provider_tx_id, op_class, op, member_id, wallet_type_id,
      session_id, round_id, game_code, amount, fingerprint, status, state)
    SELECT p_provider, p_player, p_tx, 'tx', 'debit', p_member, ok.wallet_type_id, ok.id, p_round, p_game,
      p_amount, p_fingerprint, 'OK', 'open'
    FROM ok
    ON CONFLICT DO NOTHING
    RETURNING id, wallet_type_id
  )
  SELECT ins.id, ins.wallet_type_id INTO c FROM ins;
  IF c.id IS NULL THEN
    -- A stored id is a retry, answered here whatever the session is now; anything else (no live
    -- session, a blocked member, a wallet the game may not use) the TypeScript path answers.
    RETURN coalesce(seamless_replay(p_provider, p_player, p_tx, p_fingerprint, p_key, p_main_wallet),
                    json_build_object('fallback', true));
  END IF;
  SELECT ac.id INTO a FROM ledger_account ac WHERE ac.member_id = p_member AND ac.wallet_type_id = c.wallet_type_id;
  IF a IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'CK001', MESSAGE = 'WALLET_NOT_FOUND';
  END IF;
  SELECT * INTO m FROM wallet_move(a, 'sys:game:' || p_provider, true, p_amount, 'bet', p_reference, p_key);
  IF m.transfer_id IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'CK001', MESSAGE = 'FALLBACK';
  END IF;
  RETURN json_build_object('transfer_id', m.transfer_id, 'balance', m.balance, 'wallet_type_id', c.wallet_type_id);
END $$;

-- The credit of migration 051; a stored credit id is now answered as a retry instead of {fallback}.
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

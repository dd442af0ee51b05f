-- A provider's debit (docs/rules/casino.md §1, §3.4) in one call, paid by the wallet of the member's
-- session of the game it names, and only if that wallet may play that game's category: the live session
-- of the same game first (the newest), else the newest with the provider; its wallet must be allowed
-- for the session's game and, when the catalogue knows it, the debited game. The session's last use is
-- written on every debit. A transaction id already stored is answered as a retry (seamless_replay).
CREATE OR REPLACE FUNCTION seamless_debit(
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
              WHERE g.id = gs.game_id AND wc.wallet_type_id = gs.wallet_type_id)
      AND (played.id IS NULL OR EXISTS (
              SELECT 1 FROM game g JOIN game_wallet_category wc ON wc.category = ANY (g.categories)
              WHERE g.id = played.id AND wc.wallet_type_id = gs.wallet_type_id)) AS allowed
    FROM game_session gs JOIN member mb ON mb.id = gs.member_id
      JOIN game sg ON sg.id = gs.game_id
      LEFT JOIN game played ON played.provider_id = p_provider AND played.code = p_game
    WHERE gs.member_id = p_member AND gs.provider_id = p_provider AND gs.closed_at IS NULL
      AND gs.expires_at > p_now AND gs.last_seen_at > p_idle_since
    ORDER BY (sg.code = p_game) DESC, gs.id DESC LIMIT 1
  ), ok AS (
    SELECT * FROM s WHERE allowed AND member_status = 'active'
  ), touch AS (
    UPDATE game_session SET last_seen_at = p_now
    WHERE id = (SELECT id FROM ok) AND last_seen_at < p_now
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

-- Hot paths in one round trip each (issue 15, decision 0012): a bill, a provider debit and a provider
-- credit are each one call of a function below, made outside any explicit transaction, so the call is
-- its own transaction: a refusal raises and nothing of it stays. Refusals the caller turns into a
-- catalogue error are raised with SQLSTATE CK001 and the catalogue code as the message (the detail,
-- when there is one, is JSON). The rules that need no lock are checked in Node before the call.

-- ── wallet: the ledger's own movement, as transfer-queries.ts insertTransferAndMove does it ─────────

-- A member's wallet by ledger account id or wallet type id; an account id wins when both match.
CREATE FUNCTION wallet_account_of(p_member integer, p_wallet integer, OUT id integer, OUT wallet_type_id integer)
LANGUAGE sql STABLE AS $$
  SELECT a.id, a.wallet_type_id FROM ledger_account a
  WHERE a.member_id = p_member AND (a.id = p_wallet OR a.wallet_type_id = p_wallet)
  ORDER BY a.id = p_wallet DESC LIMIT 1
$$;

-- Whether a member owes a correction debt (docs/rules/lottery.md §8.3): credits to the main wallet of
-- such a member recover it first, which only the ledger's TypeScript path does.
CREATE FUNCTION wallet_owes(p_member integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM lotto_member_debt d WHERE d.member_id = p_member AND d.recovered < d.amount)
$$;

-- Moves money between one member wallet and a system account (created on first use), claiming the
-- idempotency key in the same step (docs/rules/casino.md §2.3–2.4). `transfer_id` is NULL when the key
-- already existed (nothing moved). A debit that finds too little money raises INSUFFICIENT_FUNDS.
CREATE FUNCTION wallet_move(
  p_account integer, p_system text, p_out boolean, p_amount bigint, p_kind text, p_reference text, p_key text,
  OUT transfer_id bigint, OUT balance bigint
) LANGUAGE plpgsql AS $$
DECLARE
  v_system integer;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 THEN
    RAISE EXCEPTION 'transfer amount must be positive satang: %', p_amount;
  END IF;
  SELECT a.id INTO v_system FROM ledger_account a WHERE a.code = p_system;
  IF NOT FOUND THEN
    INSERT INTO ledger_account (code, kind) VALUES (p_system, 'system') ON CONFLICT (code) DO NOTHING;
    SELECT a.id INTO v_system FROM ledger_account a WHERE a.code = p_system;
  END IF;
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

-- ── lotto: rules version, exposure split into slots, the bill ───────────────────────────────────────

-- What a bill is checked against in Node (the round's settings and its เลขอั้น) carries a version; the
-- bill function compares it under the round's FOR SHARE lock, and a changed version sends the new
-- rules back instead of placing the bill. Both changes take the round row, so they wait for bills in
-- flight and the bills after them see the new version.
ALTER TABLE lotto_round ADD COLUMN rules_version integer NOT NULL DEFAULT 0;

CREATE FUNCTION lotto_round_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.rules_version := OLD.rules_version + 1;
  RETURN NEW;
END $$;
CREATE TRIGGER lotto_round_rules_version BEFORE UPDATE OF settings ON lotto_round
  FOR EACH ROW WHEN (OLD.settings IS DISTINCT FROM NEW.settings)
  EXECUTE FUNCTION lotto_round_settings_changed();

CREATE FUNCTION lotto_number_limit_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE lotto_round SET rules_version = rules_version + 1 WHERE id = OLD.round_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.round_id <> OLD.round_id) THEN
    UPDATE lotto_round SET rules_version = rules_version + 1 WHERE id = NEW.round_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER lotto_number_limit_rules_version AFTER INSERT OR UPDATE OR DELETE ON lotto_number_limit
  FOR EACH ROW EXECUTE FUNCTION lotto_number_limit_changed();

-- Exposure (docs/rules/lottery.md §4) in slots: a number's accepted total is the sum of its slot rows,
-- so bills on one popular number (the ten run digits) add to different rows. Each slot holds a budget,
-- and the budgets of a number never sum to more than its ceiling (the ceiling they were set for is kept
-- with them): a bill adds to its slot while the slot's budget covers it, holding that one row; when it
-- does not, the bill locks every slot of the number (slot 0 first), checks the exact total against the
-- ceiling and shares out what is left. Near a ceiling every bill takes that exact path.
ALTER TABLE lotto_exposure RENAME TO lotto_exposure_slot;
ALTER TABLE lotto_exposure_slot RENAME CONSTRAINT lotto_exposure_pkey TO lotto_exposure_slot_pkey;
ALTER TABLE lotto_exposure_slot
  ADD COLUMN slot smallint NOT NULL DEFAULT 0 CHECK (slot >= 0),
  ADD COLUMN budget bigint,
  ADD COLUMN ceiling bigint,
  ADD CONSTRAINT lotto_exposure_slot_within_budget CHECK (budget IS NULL OR accepted_amount <= budget);
ALTER TABLE lotto_exposure_slot DROP CONSTRAINT lotto_exposure_slot_pkey;
ALTER TABLE lotto_exposure_slot ADD CONSTRAINT lotto_exposure_slot_pkey PRIMARY KEY (round_id, bet_type, number, slot);

-- What each number has accepted, as every reader sees it.
CREATE VIEW lotto_exposure AS
  SELECT round_id, bet_type, number, sum(accepted_amount)::bigint AS accepted_amount
  FROM lotto_exposure_slot GROUP BY round_id, bet_type, number;

-- Locks every slot of a number: slot 0 first (created if missing), then, by a statement that starts
-- after that lock is held, all of them in slot order. Slots other than 0 are only created under slot
-- 0's lock, so the rows locked are all there are. Answers the number's exact total.
CREATE FUNCTION lotto_exposure_lock(p_round bigint, p_bet_type text, p_number text, p_ceiling bigint)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_total bigint;
BEGIN
  INSERT INTO lotto_exposure_slot (round_id, bet_type, number, slot, accepted_amount, budget, ceiling)
  VALUES (p_round, p_bet_type, p_number, 0, 0, 0, p_ceiling) ON CONFLICT DO NOTHING;
  PERFORM 1 FROM lotto_exposure_slot e
  WHERE e.round_id = p_round AND e.bet_type = p_bet_type AND e.number = p_number AND e.slot = 0 FOR UPDATE;
  SELECT coalesce(sum(x.accepted_amount), 0) INTO v_total FROM (
    SELECT e.accepted_amount FROM lotto_exposure_slot e
    WHERE e.round_id = p_round AND e.bet_type = p_bet_type AND e.number = p_number
    ORDER BY e.slot FOR UPDATE) x;
  RETURN v_total;
END $$;

-- The exact path for one line: under every slot's lock, refuses (answering the total accepted before
-- this bill) when the stake would take the number over its ceiling; otherwise adds it to the bill's
-- slot and shares what is left of the ceiling between the slots (answering NULL).
CREATE FUNCTION lotto_exposure_take(
  p_round bigint, p_bet_type text, p_number text, p_slot integer, p_slots integer, p_amount bigint, p_ceiling bigint
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_total bigint;
  v_others integer;
  v_own bigint;
  v_free bigint;
  v_share bigint;
BEGIN
  v_total := lotto_exposure_lock(p_round, p_bet_type, p_number, p_ceiling);
  IF v_total + p_amount > p_ceiling THEN
    RETURN v_total;
  END IF;
  SELECT count(*) FILTER (WHERE e.slot <> p_slot), coalesce(max(e.accepted_amount) FILTER (WHERE e.slot = p_slot), 0)
  INTO v_others, v_own
  FROM lotto_exposure_slot e WHERE e.round_id = p_round AND e.bet_type = p_bet_type AND e.number = p_number;
  v_free := p_ceiling - v_total - p_amount;
  v_share := v_free / greatest(p_slots, v_others + 1);
  UPDATE lotto_exposure_slot e SET budget = e.accepted_amount + v_share, ceiling = p_ceiling
  WHERE e.round_id = p_round AND e.bet_type = p_bet_type AND e.number = p_number AND e.slot <> p_slot;
  INSERT INTO lotto_exposure_slot AS e (round_id, bet_type, number, slot, accepted_amount, budget, ceiling)
  VALUES (p_round, p_bet_type, p_number, p_slot, p_amount, v_own + p_amount + v_free - v_share * v_others, p_ceiling)
  ON CONFLICT (round_id, bet_type, number, slot) DO UPDATE
    SET accepted_amount = e.accepted_amount + EXCLUDED.accepted_amount, budget = EXCLUDED.budget,
        ceiling = EXCLUDED.ceiling;
  RETURN NULL;
END $$;

-- Takes stakes off exposure (a cancelled bill, a cancelled round), number by number in
-- (bet_type, number) order, each under every slot's lock. Budgets stay: a slot only holds less.
CREATE FUNCTION lotto_exposure_release(p_round bigint, p_bet_types text[], p_numbers text[], p_amounts bigint[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v record;
BEGIN
  FOR v IN
    SELECT u.bet_type, u.number, sum(u.amount)::bigint AS amount
    FROM unnest(p_bet_types, p_numbers, p_amounts) AS u(bet_type, number, amount)
    GROUP BY u.bet_type, u.number ORDER BY u.bet_type COLLATE "C", u.number COLLATE "C"
  LOOP
    CONTINUE WHEN NOT EXISTS (SELECT 1 FROM lotto_exposure_slot e
      WHERE e.round_id = p_round AND e.bet_type = v.bet_type AND e.number = v.number);
    PERFORM lotto_exposure_lock(p_round, v.bet_type, v.number, NULL);
    UPDATE lotto_exposure_slot e SET accepted_amount = e.accepted_amount - t.take
    FROM (
      SELECT s.slot, least(s.accepted_amount, greatest(0, v.amount - coalesce(sum(s.accepted_amount) OVER (
        ORDER BY s.slot ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0))) AS take
      FROM lotto_exposure_slot s
      WHERE s.round_id = p_round AND s.bet_type = v.bet_type AND s.number = v.number) t
    WHERE e.round_id = p_round AND e.bet_type = v.bet_type AND e.number = v.number AND e.slot = t.slot
      AND t.take > 0;
  END LOOP;
END $$;

-- A bill (docs/rules/lottery.md §7 Create), in the order of the TypeScript path it replaces
-- (decision 0011): the round FOR SHARE with the clock read after the lock, open and before close_at;
-- the member's wallet, one that may pay for lotto; the rules version Node checked the lines against;
-- the bill and its items (the unique (member_id, idempotency_key) answers `replay` for a key already
-- used); the debit; exposure, number by number in (bet_type, number) order; the clock once more.
-- Answers the bill, its items, the paying wallet's balance and the round fields a bill view shows.
CREATE FUNCTION lotto_place_bill(
  p_round bigint, p_rules_version integer, p_member integer, p_wallet integer, p_lotto_wallets integer[],
  p_key text, p_total bigint, p_slot integer,
  p_bet_types text[], p_numbers text[], p_tod_keys text[], p_stakes bigint[], p_rates numeric[],
  p_potential_wins bigint[], p_ceilings bigint[], p_slots integer[]
) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  r record;
  w record;
  b record;
  m record;
  v record;
  x record;
  v_now timestamptz;
  v_items json;
  v_slot integer;
  v_before bigint;
  v_over jsonb := '[]';
BEGIN
  SELECT lr.status, lr.open_at, lr.close_at, lr.rules_version, lr.settings, lr.business_date, lr.round_no,
         mk.name AS market_name, mk.derive_rule
  INTO r FROM lotto_round lr JOIN lotto_market mk ON mk.id = lr.market_id
  WHERE lr.id = p_round FOR SHARE OF lr;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'CK001', MESSAGE = 'LOTTO_ROUND_NOT_FOUND';
  END IF;
  v_now := clock_timestamp();
  IF NOT (r.status = 'open' AND v_now < r.close_at AND r.open_at <= v_now) THEN
    RAISE EXCEPTION USING ERRCODE = 'CK001', MESSAGE = 'LOTTO_ROUND_CLOSED';
  END IF;
  SELECT * INTO w FROM wallet_account_of(p_member, p_wallet);
  IF w.id IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'CK001', MESSAGE = 'WALLET_NOT_FOUND';
  END IF;
  IF NOT (w.wallet_type_id = ANY (p_lotto_wallets)) THEN
    RAISE EXCEPTION USING ERRCODE = 'CK001', MESSAGE = 'LOTTO_WALLET_NOT_ELIGIBLE', DETAIL = w.wallet_type_id::text;
  END IF;
  IF r.rules_version <> p_rules_version THEN
    RETURN json_build_object('stale', json_build_object(
      'version', r.rules_version, 'settings', r.settings,
      'limits', (SELECT coalesce(json_agg(json_build_object('bet_type', l.bet_type, 'number', l.number,
                   'action', l.action, 'rate', l.rate::text, 'cap', l.cap)), '[]'::json)
                 FROM lotto_number_limit l WHERE l.round_id = p_round)));
  END IF;

  INSERT INTO lotto_bill (member_id, round_id, wallet_type_id, total_stake, idempotency_key)
  VALUES (p_member, p_round, w.wallet_type_id, p_total, p_key)
  ON CONFLICT (member_id, idempotency_key) DO NOTHING
  RETURNING id, round_id, wallet_type_id, status, total_stake, total_win, created_at INTO b;
  IF NOT FOUND THEN
    RETURN json_build_object('replay', true);
  END IF;
  WITH i AS (
    INSERT INTO lotto_bill_item (bill_id, round_id, bet_type, number, tod_key, stake, rate_snapshot, potential_win)
    SELECT b.id, p_round, u.bet_type, u.number, u.tod_key, u.stake, u.rate, u.potential_win
    FROM unnest(p_bet_types, p_numbers, p_tod_keys, p_stakes, p_rates, p_potential_wins) WITH ORDINALITY
      AS u(bet_type, number, tod_key, stake, rate, potential_win, ord)
    ORDER BY u.ord
    RETURNING id, bet_type, number, stake, rate_snapshot, potential_win, status, win_amount)
  SELECT json_agg(json_build_object('id', i.id, 'bet_type', i.bet_type, 'number', i.number, 'stake', i.stake,
           'rate_snapshot', i.rate_snapshot::text, 'potential_win', i.potential_win, 'status', i.status,
           'win_amount', i.win_amount) ORDER BY i.id)
  INTO v_items FROM i;

  SELECT * INTO m FROM wallet_move(w.id, 'sys:lotto', true, p_total, 'bet', 'lotto:bill:' || b.id, 'lotto:bet:' || b.id);
  IF m.transfer_id IS NULL THEN
    RAISE EXCEPTION 'ledger key lotto:bet:% already used', b.id;
  END IF;

  FOR v IN
    SELECT u.bet_type, u.number, u.stake, u.ceiling, u.slots
    FROM unnest(p_bet_types, p_numbers, p_stakes, p_ceilings, p_slots) AS u(bet_type, number, stake, ceiling, slots)
    ORDER BY u.bet_type COLLATE "C", u.number COLLATE "C"
  LOOP
    v_slot := p_slot % greatest(v.slots, 1);
    -- Read first, without a lock: a bill takes the exact path holding no row of the number, so the
    -- locks are always taken in (number, slot) order and two bills never wait for each other in a
    -- circle.
    SELECT e.accepted_amount, e.budget, e.ceiling INTO x FROM lotto_exposure_slot e
    WHERE e.round_id = p_round AND e.bet_type = v.bet_type AND e.number = v.number AND e.slot = v_slot;
    IF FOUND AND x.ceiling = v.ceiling AND x.accepted_amount + v.stake <= x.budget THEN
      UPDATE lotto_exposure_slot e SET accepted_amount = e.accepted_amount + v.stake
      WHERE e.round_id = p_round AND e.bet_type = v.bet_type AND e.number = v.number AND e.slot = v_slot
        AND e.ceiling = v.ceiling AND e.accepted_amount + v.stake <= e.budget;
      IF NOT FOUND THEN
        -- The slot changed after the read and no longer covers the stake; the re-check may have
        -- left its row locked by this bill, which then must not wait for the number's other rows.
        -- Nothing of the bill stays; the caller places it again.
        RAISE EXCEPTION USING ERRCODE = '40001', MESSAGE = 'an exposure slot changed under the bill';
      END IF;
    ELSE
      -- A number nobody has bet on yet: its first row (slot 0) takes the stake and the whole ceiling
      -- as its budget. Other slots are only ever created under slot 0's lock, so when slot 0 does not
      -- exist the number has no row at all.
      IF NOT FOUND AND v.stake <= v.ceiling THEN
        INSERT INTO lotto_exposure_slot (round_id, bet_type, number, slot, accepted_amount, budget, ceiling)
        VALUES (p_round, v.bet_type, v.number, 0, v.stake, v.ceiling, v.ceiling)
        ON CONFLICT DO NOTHING;
        CONTINUE WHEN FOUND;
      END IF;
      v_before := lotto_exposure_take(p_round, v.bet_type, v.number, v_slot, greatest(v.slots, 1), v.stake, v.ceiling);
      IF v_before IS NOT NULL THEN
        v_over := v_over || jsonb_build_array(jsonb_build_object('bet_type', v.bet_type, 'number', v.number,
          'accepted', v_before));
      END IF;
    END IF;
  END LOOP;
  IF jsonb_array_length(v_over) > 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'CK001', MESSAGE = 'LOTTO_OVER_CEILING', DETAIL = v_over::text;
  END IF;
  -- The close time, read after the last lock: nothing commits at or after close_at.
  IF clock_timestamp() >= r.close_at THEN
    RAISE EXCEPTION USING ERRCODE = 'CK001', MESSAGE = 'LOTTO_ROUND_CLOSED';
  END IF;
  RETURN json_build_object(
    'bill', json_build_object('id', b.id, 'round_id', b.round_id, 'wallet_type_id', b.wallet_type_id,
      'status', b.status, 'total_stake', b.total_stake, 'total_win', b.total_win, 'created_at', b.created_at),
    'items', v_items,
    'balance', m.balance,
    'round', json_build_object('market_name', r.market_name, 'business_date', r.business_date,
      'round_no', r.round_no, 'close_at', r.close_at, 'status', r.status, 'derive_rule', r.derive_rule));
END $$;

-- ── games: the seamless wallet's debit and credit (docs/rules/casino.md §3) ───────────────────────

-- Claims a signed request's nonce (docs/rules/casino.md §3.6) when one is given; false when it was used.
CREATE FUNCTION seamless_claim_nonce(p_provider text, p_nonce text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF p_nonce IS NULL THEN
    RETURN true;
  END IF;
  INSERT INTO provider_nonce (provider_id, nonce) VALUES (p_provider, p_nonce) ON CONFLICT DO NOTHING;
  RETURN FOUND;
END $$;

-- A debit in one call: the nonce, the claim of the transaction id under the player's live session
-- (the statement of members/games-queries.ts claimDebit), the bet transfer. Answers
-- {nonce_reused}, {fallback} when the id was not claimed (a replay or a refusal, which the
-- TypeScript path answers, the nonce staying used), or {transfer_id, balance}. Too little money raises
-- INSUFFICIENT_FUNDS, undoing the call, nonce included.
CREATE FUNCTION seamless_debit(
  p_nonce text, p_provider text, p_player text, p_member integer, p_tx text, p_round text, p_game text,
  p_amount bigint, p_fingerprint bytea, p_now timestamptz, p_idle_since timestamptz, p_key text, p_reference text
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
    RETURN json_build_object('fallback', true);
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

-- A credit in one call: the nonce, the bet's row locked first (a racing rollback of the same bet waits),
-- the claim of the credit's id, the win transfer, the bet settled. Whatever the common case is not —
-- an unknown, rolled-back or replayed id, a member who owes a debt — answers {fallback} before
-- anything but the nonce is written, and the TypeScript path answers it.
CREATE FUNCTION seamless_credit(
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
    RETURN json_build_object('fallback', true);
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

-- ── lotto: a batch of yeekee shots (docs/rules/lottery.md §9) ───────────────────────────────────────

-- What a batch of shots is judged against on the round row: its count (the next seq, the chain head,
-- each member's shots), status, shooting times and rules (the yeekee settings). Read with the
-- recent shots, compared again under the lock by lotto_record_shots.
CREATE FUNCTION lotto_shot_token(r lotto_round) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT md5(concat_ws('|', r.shot_count, r.status, r.rules_version, extract(epoch FROM r.open_at),
    extract(epoch FROM r.shoot_close_at), r.seal_offset_ms))
$$;

-- Records a batch judged in Node against the round as it was read (docs/rules/lottery.md §9): only if
-- the round's token is still the one read are the shots inserted and the count and chain head moved,
-- under the round's FOR UPDATE lock, so seq order stays commit order. Answers false (nothing written)
-- when the round moved on; the caller reads it again and judges the batch again.
CREATE FUNCTION lotto_record_shots(
  p_round bigint, p_token text, p_new_count integer, p_new_head text,
  p_seqs integer[], p_members integer[], p_refs text[], p_numbers text[], p_ts timestamptz[], p_hashes text[],
  p_ips text[]
) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  r lotto_round;
BEGIN
  SELECT * INTO r FROM lotto_round WHERE id = p_round FOR UPDATE;
  IF NOT FOUND OR lotto_shot_token(r) <> p_token THEN
    RETURN false;
  END IF;
  INSERT INTO lotto_shot (round_id, seq, member_id, member_ref, number, server_ts, hash, ip)
  SELECT p_round, u.seq, u.member_id, u.member_ref, u.number, u.server_ts, u.hash, u.ip
  FROM unnest(p_seqs, p_members, p_refs, p_numbers, p_ts, p_hashes, p_ips)
    AS u(seq, member_id, member_ref, number, server_ts, hash, ip);
  UPDATE lotto_round SET shot_count = p_new_count, chain_head = p_new_head WHERE id = p_round;
  RETURN true;
END $$;

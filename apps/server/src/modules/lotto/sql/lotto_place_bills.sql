-- A group of bills for one round, placed in one transaction (docs/rules/lottery.md §7 "Bills in
-- groups"; decision 0079). The arrays hold one element per bill in arrival order (member, wallet as
-- sent, idempotency key, total stake) and one element per line, the lines of each bill together and in
-- bill order (`p_line_bill` is the bill's position, 1-based).
--
-- The round is taken FOR SHARE and checked open by the database clock, and the rules version compared,
-- once for the group: a closed round raises LOTTO_ROUND_CLOSED and stale rules answer `stale`, for
-- every bill. Then, without writing anything, each bill is judged in arrival order against what the
-- bills before it left: its wallet (one that may pay for lotto), its key (already used: `replay`), the
-- member's protection blocks, its member's balance (wallets locked in id order) and the ceiling of each
-- number (exposure rows locked in (bet_type, number, slot) order, as one bill takes them). A bill that
-- fails is refused alone with its own code; a bill the group cannot judge exactly as the one-bill path
-- would (a member whose losses count against a limit, a key repeated inside the group) answers
-- `single` and the caller places it alone after the group, and the bills after it `later`: the caller
-- places them as a group of their own after that one, so each bill is still judged in arrival order. Then the writes, each one statement for
-- the whole group: the bills, their items, one transfer per bill (wallet_debit_each), the exposure of
-- the numbers that fit their slot's budget; a number that needs the exact path gets it once for the
-- group's stakes on it. The clock is read once more at the end: nothing commits at or after close_at.
--
-- Answers `{round, bills}` with one entry per bill in input order: `{ok: {bill, items, balance}}`,
-- `{refused: code, detail}`, `{replay: true}`, `{single: true}` or `{later: true}`. A slot that changed between the
-- unlocked read and its lock raises 40001: nothing stayed, the caller places the group again.
--
-- Each connection keeps one plan per statement, generic after five calls and chosen from the statistics
-- of that moment (decision 0083): what a young table's statistics make cheap — a hash of every bill to
-- find a group's keys, a scan of every wallet to debit a few — must not stay the plan once the tables
-- are large. So every lookup here is by an index the statement names (each key its own probe, the
-- bills' own rows taken from their insert instead of read back), and a sequential scan is off for the
-- function and what it calls.
CREATE OR REPLACE FUNCTION lotto_place_bills(
  p_round bigint, p_rules_version integer, p_lotto_wallets integer[], p_slot integer,
  p_members integer[], p_wallets integer[], p_keys text[], p_totals bigint[],
  p_line_bill integer[], p_bet_types text[], p_numbers text[], p_tod_keys text[], p_stakes bigint[],
  p_rates numeric[], p_potential_wins bigint[], p_ceilings bigint[], p_slots integer[]
) RETURNS json LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  r record;
  x record;
  n integer := cardinality(p_members);
  nl integer := cardinality(p_line_bill);
  -- Per bill: NULL while it is still in the running, then 'ok', 'replay', 'single', 'later' or a refusal code.
  v_out text[] := array_fill(NULL::text, ARRAY[n]);
  v_detail text[] := array_fill(NULL::text, ARRAY[n]);
  v_counted boolean[];
  v_account integer[];
  v_wtype integer[];
  v_after bigint[] := array_fill(NULL::bigint, ARRAY[n]);
  v_bill_id bigint[] := array_fill(NULL::bigint, ARRAY[n]);
  v_bill json[];
  -- The locked wallets in id order and their running balances.
  v_acc integer[];
  v_bal bigint[];
  -- The group's numbers in (bet_type, number) order: ceiling, slots, the stakes of the bills still in
  -- the running, how they are taken ('fast' on the group's slot, 'new' with all its slots at once,
  -- 'exact' under every slot's lock, 'none' when no bill in the running has a line on it), the slot the
  -- stakes go to, what the number may still take (exact) and what the group took (exact).
  v_bt text[];
  v_num text[];
  v_ceil bigint[];
  v_nslots integer[];
  v_demand bigint[];
  v_mode text[];
  v_target integer[];
  v_room bigint[];
  v_taken bigint[];
  v_line_num integer[];
  v_exact boolean;
  v_refunds boolean;
  v_over jsonb;
  v_total bigint;
  v_first integer;
  v_run integer;
  v_cut integer;
  i integer;
  j integer;
  k integer;
  a integer;
  pos integer := 1;
  v_bills json;
BEGIN
  SELECT * INTO r FROM lotto_round_for_bills(p_round);
  IF r.rules_version <> p_rules_version THEN
    RETURN lotto_rules_answer(p_round, r.rules_version, r.settings);
  END IF;

  -- Each bill's wallet (by ledger account id or wallet type id), one that may pay for lotto.
  SELECT array_agg(w.id ORDER BY b.ord), array_agg(w.wallet_type_id ORDER BY b.ord) INTO v_account, v_wtype
  FROM unnest(p_members, p_wallets) WITH ORDINALITY AS b(member, wallet, ord)
  LEFT JOIN LATERAL wallet_account_of(b.member, b.wallet) w ON true;
  FOR i IN 1..n LOOP
    IF v_account[i] IS NULL THEN
      v_out[i] := 'WALLET_NOT_FOUND';
    ELSIF NOT (v_wtype[i] = ANY (p_lotto_wallets)) THEN
      v_out[i] := 'LOTTO_WALLET_NOT_ELIGIBLE';
      v_detail[i] := v_wtype[i]::text;
    END IF;
  END LOOP;
  -- Keys: one already used answers the bill it made; one repeated inside the group waits for the first.
  FOR x IN
    SELECT q.ord, q.used FROM (
      SELECT b.ord, row_number() OVER (PARTITION BY b.member, b.key ORDER BY b.ord) AS nth,
             u.used IS NOT NULL AS used
      FROM unnest(p_members, p_keys) WITH ORDINALITY AS b(member, key, ord)
      -- One index probe per bill (the LIMIT keeps it a probe: an EXISTS may be planned as a hash of
      -- every bill).
      LEFT JOIN LATERAL (
        SELECT true AS used FROM lotto_bill lb WHERE lb.member_id = b.member AND lb.idempotency_key = b.key LIMIT 1
      ) u ON true) q
    WHERE q.used OR q.nth > 1
  LOOP
    IF v_out[x.ord] IS NULL THEN
      v_out[x.ord] := CASE WHEN x.used THEN 'replay' ELSE 'single' END;
    END IF;
  END LOOP;
  -- The bet guard's blocks; a member whose losses count is placed alone (the guard counts them).
  FOR x IN
    SELECT b.ord, s.block_kind, s.block_until, s.counts_loss
    FROM unnest(p_members) WITH ORDINALITY AS b(member, ord)
    JOIN protection_bet_states(p_members, now()) s ON s.member_id = b.member
  LOOP
    CONTINUE WHEN v_out[x.ord] IS NOT NULL;
    IF x.block_kind IS NOT NULL THEN
      v_out[x.ord] := CASE x.block_kind WHEN 'timeout' THEN 'PROTECTION_TIMEOUT' ELSE 'PROTECTION_EXCLUDED' END;
      v_detail[x.ord] := json_build_object('until', x.block_until)::text;
    ELSE
      v_out[x.ord] := 'single';
    END IF;
  END LOOP;

  -- From the first bill placed alone on, the group's bills wait for it: they go in a group of their own
  -- after it, so every bill is still judged in arrival order.
  v_cut := (SELECT min(g) FROM generate_series(1, n) g WHERE v_out[g] = 'single');
  IF v_cut IS NOT NULL THEN
    FOR i IN v_cut + 1 .. n LOOP
      v_out[i] := 'later';
    END LOOP;
  END IF;

  -- The wallets, locked in id order.
  SELECT coalesce(array_agg(l.id ORDER BY l.id), '{}'), coalesce(array_agg(l.balance ORDER BY l.id), '{}')
  INTO v_acc, v_bal
  FROM wallet_lock_accounts(ARRAY(SELECT DISTINCT v_account[g] FROM generate_series(1, n) g WHERE v_out[g] IS NULL)) l;

  -- The numbers, read without a lock, and how each is taken.
  v_counted := ARRAY(SELECT v_out[g] IS NULL FROM generate_series(1, n) g ORDER BY g);
  SELECT array_agg(z.bt ORDER BY z.bt COLLATE "C", z.num COLLATE "C"),
         array_agg(z.num ORDER BY z.bt COLLATE "C", z.num COLLATE "C"),
         array_agg(z.ceiling ORDER BY z.bt COLLATE "C", z.num COLLATE "C"),
         array_agg(z.slots ORDER BY z.bt COLLATE "C", z.num COLLATE "C"),
         array_agg(coalesce(z.demand, 0) ORDER BY z.bt COLLATE "C", z.num COLLATE "C"),
         array_agg(CASE
           WHEN z.demand IS NULL THEN 'none'
           WHEN s.accepted_amount IS NOT NULL AND s.ceiling = z.ceiling AND s.accepted_amount + z.demand <= s.budget
             THEN 'fast'
           WHEN NOT s.has_rows AND z.demand <= z.ceiling THEN 'new'
           ELSE 'exact' END ORDER BY z.bt COLLATE "C", z.num COLLATE "C")
  INTO v_bt, v_num, v_ceil, v_nslots, v_demand, v_mode
  FROM (
    SELECT u.bt, u.num, max(u.ceiling) AS ceiling, greatest(max(u.slots), 1) AS slots,
           sum(u.stake) FILTER (WHERE v_counted[u.bill]) AS demand
    FROM unnest(p_line_bill, p_bet_types, p_numbers, p_stakes, p_ceilings, p_slots)
      AS u(bill, bt, num, stake, ceiling, slots)
    GROUP BY u.bt, u.num) z
  -- The number's rows by its index, number by number (a join over the round's rows would read them all).
  CROSS JOIN LATERAL (
    SELECT count(*) > 0 AS has_rows,
           max(e.accepted_amount) FILTER (WHERE e.slot = p_slot % z.slots) AS accepted_amount,
           max(e.budget) FILTER (WHERE e.slot = p_slot % z.slots) AS budget,
           max(e.ceiling) FILTER (WHERE e.slot = p_slot % z.slots) AS ceiling
    FROM lotto_exposure_slot e WHERE e.round_id = p_round AND e.bet_type = z.bt AND e.number = z.num) s;
  v_target := ARRAY(SELECT p_slot % v_nslots[g] FROM generate_series(1, cardinality(v_bt)) g ORDER BY g);

  -- The locks, in (bet_type, number, slot) order. Numbers that fit take the group's stakes at once: the
  -- slot row's lock and its update in one ordered statement for each run of them, a new number's
  -- slots inserted in their place in the order; a number on the exact path between two runs locks
  -- every slot of its own (lotto_exposure_lock), answering what it may still take.
  v_exact := 'exact' = ANY (v_mode);
  IF v_exact THEN
    v_room := array_fill(0::bigint, ARRAY[cardinality(v_bt)]);
    v_taken := array_fill(0::bigint, ARRAY[cardinality(v_bt)]);
  END IF;
  v_run := 1;
  FOR k IN 1 .. cardinality(v_bt) + 1 LOOP
    CONTINUE WHEN k <= cardinality(v_bt) AND v_mode[k] <> 'exact';
    IF k > v_run THEN
      -- A fast number's row exists (rows are never deleted) and takes the stakes if its budget covers
      -- them; its proposed row carries no budget, which is how the update tells it from a new
      -- number's. A new number gets all its slots, in slot order, the group's slot holding the stakes
      -- and every slot an equal share of what is left of the ceiling (the budgets add up to it); if
      -- any of them exists after all, nothing is updated and the group is placed again.
      WITH took AS (
        INSERT INTO lotto_exposure_slot AS e (round_id, bet_type, number, slot, accepted_amount, budget, ceiling)
        SELECT p_round, nb.bt, nb.num, sl.slot,
               CASE WHEN sl.slot = nb.slot THEN nb.demand ELSE 0 END,
               CASE WHEN nb.mode = 'fast' THEN NULL
                    WHEN sl.slot = nb.slot
                      THEN nb.ceiling - ((nb.ceiling - nb.demand) / nb.slots) * (nb.slots - 1)
                    ELSE (nb.ceiling - nb.demand) / nb.slots END,
               nb.ceiling
        FROM unnest(v_bt, v_num, v_target, v_demand, v_ceil, v_mode, v_nslots) WITH ORDINALITY
          AS nb(bt, num, slot, demand, ceiling, mode, slots, ord)
        CROSS JOIN LATERAL generate_series(CASE WHEN nb.mode = 'new' THEN 0 ELSE nb.slot END,
                                           CASE WHEN nb.mode = 'new' THEN nb.slots - 1 ELSE nb.slot END) AS sl(slot)
        WHERE nb.ord >= v_run AND nb.ord < k AND nb.mode <> 'none'
        ORDER BY nb.ord, sl.slot
        ON CONFLICT (round_id, bet_type, number, slot) DO UPDATE
          SET accepted_amount = e.accepted_amount + EXCLUDED.accepted_amount
          WHERE EXCLUDED.budget IS NULL AND e.ceiling = EXCLUDED.ceiling
            AND e.accepted_amount + EXCLUDED.accepted_amount <= e.budget
        RETURNING 1)
      SELECT count(*) INTO j FROM took;
      IF j <> (SELECT coalesce(sum(CASE m.mode WHEN 'new' THEN m.slots ELSE 1 END), 0)
               FROM unnest(v_mode, v_nslots) WITH ORDINALITY AS m(mode, slots, ord)
               WHERE m.ord >= v_run AND m.ord < k AND m.mode <> 'none') THEN
        RAISE EXCEPTION USING ERRCODE = '40001', MESSAGE = 'an exposure slot changed under the group';
      END IF;
    END IF;
    IF k <= cardinality(v_bt) THEN
      v_total := lotto_exposure_lock(p_round, v_bt[k], v_num[k], v_ceil[k]);
      v_room[k] := v_ceil[k] - v_total;
    END IF;
    v_run := k + 1;
  END LOOP;
  IF v_exact THEN
    v_line_num := ARRAY(
      SELECT d.nr FROM (
        SELECT u.ord, dense_rank() OVER (ORDER BY u.bt COLLATE "C", u.num COLLATE "C")::integer AS nr
        FROM unnest(p_bet_types, p_numbers) WITH ORDINALITY AS u(bt, num, ord)) d
      ORDER BY d.ord);
  END IF;

  -- Each bill in arrival order against what the bills before it left.
  FOR i IN 1..n LOOP
    v_first := pos;
    WHILE pos <= nl AND p_line_bill[pos] = i LOOP
      pos := pos + 1;
    END LOOP;
    CONTINUE WHEN v_out[i] IS NOT NULL;
    a := array_position(v_acc, v_account[i]);
    IF a IS NULL OR v_bal[a] < p_totals[i] THEN
      v_out[i] := 'INSUFFICIENT_FUNDS';
      CONTINUE;
    END IF;
    IF v_exact THEN
      v_over := '[]';
      FOR j IN v_first .. pos - 1 LOOP
        k := v_line_num[j];
        IF v_mode[k] = 'exact' AND v_room[k] < p_stakes[j] THEN
          v_over := v_over || jsonb_build_array(jsonb_build_object('bet_type', p_bet_types[j],
            'number', p_numbers[j], 'accepted', v_ceil[k] - v_room[k]));
        END IF;
      END LOOP;
      IF jsonb_array_length(v_over) > 0 THEN
        v_out[i] := 'LOTTO_OVER_CEILING';
        v_detail[i] := v_over::text;
        CONTINUE;
      END IF;
      FOR j IN v_first .. pos - 1 LOOP
        k := v_line_num[j];
        IF v_mode[k] = 'exact' THEN
          v_room[k] := v_room[k] - p_stakes[j];
          v_taken[k] := v_taken[k] + p_stakes[j];
        END IF;
      END LOOP;
    END IF;
    v_bal[a] := v_bal[a] - p_totals[i];
    v_after[i] := v_bal[a];
    v_out[i] := 'ok';
  END LOOP;

  -- Exposure: the exact numbers take what their bills brought, once each; the numbers taken at once
  -- give back the stakes of bills refused after they were counted.
  IF v_exact THEN
    FOR k IN 1..cardinality(v_bt) LOOP
      IF v_mode[k] = 'exact' AND v_taken[k] > 0 THEN
        PERFORM lotto_exposure_add(p_round, v_bt[k], v_num[k], v_target[k], v_nslots[k], v_taken[k], v_ceil[k],
          v_ceil[k] - v_room[k] - v_taken[k]);
      END IF;
    END LOOP;
  END IF;
  v_refunds := EXISTS (SELECT 1 FROM generate_series(1, n) g WHERE v_counted[g] AND v_out[g] <> 'ok');
  IF v_refunds THEN
    UPDATE lotto_exposure_slot e SET accepted_amount = e.accepted_amount - d.back
    FROM (
      SELECT nb.bt, nb.num, nb.slot, sum(u.stake)::bigint AS back
      FROM unnest(p_line_bill, p_bet_types, p_numbers, p_stakes) AS u(bill, bt, num, stake)
      JOIN unnest(v_bt, v_num, v_target, v_mode) AS nb(bt, num, slot, mode)
        ON nb.bt = u.bt AND nb.num = u.num AND nb.mode IN ('fast', 'new')
      WHERE v_counted[u.bill] AND v_out[u.bill] <> 'ok'
      GROUP BY nb.bt, nb.num, nb.slot) d
    WHERE e.round_id = p_round AND e.bet_type = d.bt AND e.number = d.num AND e.slot = d.slot;
  END IF;

  -- The bills, their items and their debits, each one statement for the group.
  WITH ins AS (
    INSERT INTO lotto_bill (member_id, round_id, wallet_type_id, total_stake, idempotency_key)
    SELECT p_members[g], p_round, v_wtype[g], p_totals[g], p_keys[g]
    FROM generate_series(1, n) g WHERE v_out[g] = 'ok' ORDER BY g
    ON CONFLICT (member_id, idempotency_key) DO NOTHING
    RETURNING id, member_id, idempotency_key, round_id, wallet_type_id, status, total_stake, total_win, created_at)
  SELECT array_agg(ins.id ORDER BY g.g),
         array_agg(CASE WHEN ins.id IS NOT NULL THEN json_build_object('id', ins.id, 'round_id', ins.round_id,
           'wallet_type_id', ins.wallet_type_id, 'status', ins.status, 'total_stake', ins.total_stake,
           'total_win', ins.total_win, 'created_at', ins.created_at) END ORDER BY g.g)
  INTO v_bill_id, v_bill
  -- Only a placed bill takes its row: a repeat of its key later in the group (`single`) has none.
  FROM generate_series(1, n) g
  LEFT JOIN ins ON v_out[g.g] = 'ok' AND ins.member_id = p_members[g.g] AND ins.idempotency_key = p_keys[g.g];
  IF (SELECT count(*) FROM unnest(v_bill_id) b WHERE b IS NOT NULL)
     <> (SELECT count(*) FROM generate_series(1, n) g WHERE v_out[g] = 'ok') THEN
    -- Another transaction placed a bill under one of these keys after the read: placed again, the
    -- group answers it as a replay.
    RAISE EXCEPTION USING ERRCODE = '40001', MESSAGE = 'a bill key was taken under the group';
  END IF;
  PERFORM wallet_debit_each(
    ARRAY(SELECT v_account[g] FROM generate_series(1, n) g WHERE v_out[g] = 'ok' ORDER BY g),
    ARRAY(SELECT p_totals[g] FROM generate_series(1, n) g WHERE v_out[g] = 'ok' ORDER BY g),
    'sys:lotto', 'bet',
    ARRAY(SELECT 'lotto:bill:' || v_bill_id[g] FROM generate_series(1, n) g WHERE v_out[g] = 'ok' ORDER BY g),
    ARRAY(SELECT 'lotto:bet:' || v_bill_id[g] FROM generate_series(1, n) g WHERE v_out[g] = 'ok' ORDER BY g));
  WITH items AS (
    INSERT INTO lotto_bill_item (bill_id, round_id, bet_type, number, tod_key, stake, rate_snapshot, potential_win)
    SELECT v_bill_id[u.bill], p_round, u.bet_type, u.number, u.tod_key, u.stake, u.rate, u.potential_win
    FROM unnest(p_line_bill, p_bet_types, p_numbers, p_tod_keys, p_stakes, p_rates, p_potential_wins) WITH ORDINALITY
      AS u(bill, bet_type, number, tod_key, stake, rate, potential_win, ord)
    WHERE v_out[u.bill] = 'ok'
    ORDER BY u.ord
    RETURNING id, bill_id, bet_type, number, stake, rate_snapshot, potential_win, status, win_amount),
  per_bill AS (
    SELECT i.bill_id, json_agg(json_build_object('id', i.id, 'bet_type', i.bet_type, 'number', i.number,
             'stake', i.stake, 'rate_snapshot', i.rate_snapshot::text, 'potential_win', i.potential_win,
             'status', i.status, 'win_amount', i.win_amount) ORDER BY i.id) AS items
    FROM items i GROUP BY i.bill_id)
  SELECT json_agg(CASE
      WHEN v_out[g.g] = 'ok' THEN json_build_object('ok', json_build_object(
        'bill', v_bill[g.g], 'items', pb.items, 'balance', v_after[g.g]))
      WHEN v_out[g.g] = 'replay' THEN json_build_object('replay', true)
      WHEN v_out[g.g] = 'single' THEN json_build_object('single', true)
      WHEN v_out[g.g] = 'later' THEN json_build_object('later', true)
      ELSE json_build_object('refused', v_out[g.g], 'detail', v_detail[g.g]) END ORDER BY g.g)
  INTO v_bills
  FROM generate_series(1, n) g
  LEFT JOIN per_bill pb ON pb.bill_id = v_bill_id[g.g];

  -- The close time, read after the last lock: nothing commits at or after close_at.
  IF clock_timestamp() >= r.close_at THEN
    RAISE EXCEPTION USING ERRCODE = 'CK001', MESSAGE = 'LOTTO_ROUND_CLOSED';
  END IF;
  RETURN json_build_object(
    'round', json_build_object('market_name', r.market_name, 'business_date', r.business_date,
      'round_no', r.round_no, 'close_at', r.close_at, 'status', r.status, 'derive_rule', r.derive_rule),
    'bills', v_bills);
END $$;

-- Hot paths in one round trip each (issue 15, decision 0012): a bill, a provider debit and a provider
-- credit are each one call of a function below, made outside any explicit transaction, so the call is
-- its own transaction: a refusal raises and nothing of it stays. Refusals the caller turns into a
-- catalogue error are raised with SQLSTATE CK001 and the catalogue code as the message (the detail,
-- when there is one, is JSON). The rules that need no lock are checked in Node before the call.

-- ── wallet: the ledger's own movement, as transfer-queries.ts insertTransferAndMove does it ─────────

-- A member's wallet by ledger account id or wallet type id; an account id wins when both match.
-- wallet_account_of: now in modules/wallet/sql/wallet_account_of.sql (decision 0072).

-- Whether a member owes a correction debt (docs/rules/lottery.md §8.3): credits to the main wallet of
-- such a member recover it first, which only the ledger's TypeScript path does.
-- wallet_owes: now in modules/wallet/sql/wallet_owes.sql (decision 0072).

-- Moves money between one member wallet and a system account (created on first use), claiming the
-- idempotency key in the same step (docs/rules/casino.md §2.3–2.4). `transfer_id` is NULL when the key
-- already existed (nothing moved). A debit that finds too little money raises INSUFFICIENT_FUNDS.
-- wallet_move: now in modules/wallet/sql/wallet_move.sql (decision 0072).

-- ── lotto: rules version, exposure split into slots, the bill ───────────────────────────────────────

-- What a bill is checked against in Node (the round's settings and its เลขอั้น) carries a version; the
-- bill function compares it under the round's FOR SHARE lock, and a changed version sends the new
-- rules back instead of placing the bill. Both changes take the round row, so they wait for bills in
-- flight and the bills after them see the new version.
ALTER TABLE lotto_round ADD COLUMN rules_version integer NOT NULL DEFAULT 0;

-- lotto_round_settings_changed: now in modules/lotto/sql/lotto_round_settings_changed.sql (decision 0072).
CREATE TRIGGER lotto_round_rules_version BEFORE UPDATE OF settings ON lotto_round
  FOR EACH ROW WHEN (OLD.settings IS DISTINCT FROM NEW.settings)
  EXECUTE FUNCTION lotto_round_settings_changed();

-- lotto_number_limit_changed: now in modules/lotto/sql/lotto_number_limit_changed.sql (decision 0072).
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
-- lotto_exposure_lock: now in modules/lotto/sql/lotto_exposure_lock.sql (decision 0072).

-- The exact path for one line: under every slot's lock, refuses (answering the total accepted before
-- this bill) when the stake would take the number over its ceiling; otherwise adds it to the bill's
-- slot and shares what is left of the ceiling between the slots (answering NULL).
-- lotto_exposure_take: now in modules/lotto/sql/lotto_exposure_take.sql (decision 0072).

-- Takes stakes off exposure (a cancelled bill, a cancelled round), number by number in
-- (bet_type, number) order, each under every slot's lock. Budgets stay: a slot only holds less.
-- lotto_exposure_release: now in modules/lotto/sql/lotto_exposure_release.sql (decision 0072).

-- A bill (docs/rules/lottery.md §7 Create), in the order of the TypeScript path it replaces
-- (decision 0011): the round FOR SHARE with the clock read after the lock, open and before close_at;
-- the member's wallet, one that may pay for lotto; the rules version Node checked the lines against;
-- the bill and its items (the unique (member_id, idempotency_key) answers `replay` for a key already
-- used); the debit; exposure, number by number in (bet_type, number) order; the clock once more.
-- Answers the bill, its items, the paying wallet's balance and the round fields a bill view shows.
-- lotto_place_bill: now in modules/lotto/sql/lotto_place_bill.sql (decision 0072).

-- ── games: the seamless wallet's debit and credit (docs/rules/casino.md §3) ───────────────────────

-- Claims a signed request's nonce (docs/rules/casino.md §3.6) when one is given; false when it was used.
-- seamless_claim_nonce: now in modules/games/sql/seamless_claim_nonce.sql (decision 0072).

-- A debit in one call: the nonce, the claim of the transaction id under the player's live session
-- (the statement of members/games-queries.ts claimDebit), the bet transfer. Answers
-- {nonce_reused}, {fallback} when the id was not claimed (a replay or a refusal, which the
-- TypeScript path answers, the nonce staying used), or {transfer_id, balance}. Too little money raises
-- INSUFFICIENT_FUNDS, undoing the call, nonce included.
-- seamless_debit: now in modules/games/sql/seamless_debit.sql (decision 0072).

-- A credit in one call: the nonce, the bet's row locked first (a racing rollback of the same bet waits),
-- the claim of the credit's id, the win transfer, the bet settled. Whatever the common case is not —
-- an unknown, rolled-back or replayed id, a member who owes a debt — answers {fallback} before
-- anything but the nonce is written, and the TypeScript path answers it.
-- seamless_credit: now in modules/games/sql/seamless_credit.sql (decision 0072).

-- ── lotto: a batch of yeekee shots (docs/rules/lottery.md §9) ───────────────────────────────────────

-- What a batch of shots is judged against on the round row: its count (the next seq, the chain head,
-- each member's shots), status, shooting times and rules (the yeekee settings). Read with the
-- recent shots, compared again under the lock by lotto_record_shots.
-- lotto_shot_token: now in modules/lotto/sql/lotto_shot_token.sql (decision 0072).

-- Records a batch judged in Node against the round as it was read (docs/rules/lottery.md §9): only if
-- the round's token is still the one read are the shots inserted and the count and chain head moved,
-- under the round's FOR UPDATE lock, so seq order stays commit order. Answers false (nothing written)
-- when the round moved on; the caller reads it again and judges the batch again.
-- lotto_record_shots: now in modules/lotto/sql/lotto_record_shots.sql (decision 0072).

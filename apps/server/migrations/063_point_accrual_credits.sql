-- A provider may credit one bet more than once (docs/rules/casino.md §3: a credit names its bet, and
-- a bet already settled may take another). The accrual keeps one row per bet (`game:<debit id>`) and
-- adds each later credit's payout to it; `last_credit_id` is the newest credit counted, so a credit
-- is counted once. Rows from before took exactly their bet's first credit.
ALTER TABLE point_accrual ADD COLUMN last_credit_id bigint;
UPDATE point_accrual a SET last_credit_id = coalesce((
    SELECT min(c.id) FROM wallet_op d
    JOIN wallet_op c ON c.provider_id = d.provider_id AND c.player_id = d.player_id
      AND c.bet_tx_id = d.provider_tx_id AND c.op = 'credit' AND c.status = 'OK'
    WHERE 'game:' || d.id = a.source_key AND d.op = 'debit'), 0)
  WHERE a.source = 'game';

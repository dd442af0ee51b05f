-- Fairness: the provably-fair commit order of the in-house games and the yeekee sealed close.

-- Every player also holds a committed NEXT server seed (docs/rules/casino.md §6.2, §6.7): its hash is
-- shown before the member chooses the client seed it will be used with. A player seed is `next`
-- until a rotation activates it (activated_at, with the client seed chosen then), active until
-- revealed. A next seed has no client seed yet ('').
ALTER TABLE fair_seed ADD COLUMN activated_at timestamptz;
UPDATE fair_seed SET activated_at = created_at;
ALTER TABLE fair_seed ADD CONSTRAINT fair_seed_next_unused
  CHECK (activated_at IS NOT NULL OR (revealed_at IS NULL AND client_seed = '' AND next_nonce = 0));
DROP INDEX fair_seed_active_player;
CREATE UNIQUE INDEX fair_seed_active_player ON fair_seed (member_id)
  WHERE member_id IS NOT NULL AND activated_at IS NOT NULL AND revealed_at IS NULL;
CREATE UNIQUE INDEX fair_seed_next_player ON fair_seed (member_id)
  WHERE member_id IS NOT NULL AND activated_at IS NULL;

-- Yeekee sealed close is on by default (docs/rules/lottery.md §9 Sealed close): rounds created from
-- now on commit a secret offset and salt at open and reveal them after close.
UPDATE lotto_market SET sealed_close = true WHERE derive_rule = 'yeekee';

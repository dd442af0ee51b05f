-- A held reward from the second-approval amount takes two operators (docs/rules/engagement.md §0 G5):
-- the first approval is kept on the claim, and another operator's release pays it.
ALTER TABLE reward_claim
  ADD COLUMN first_approval_by integer REFERENCES staff(id),
  ADD COLUMN first_approval_at timestamptz,
  ADD CONSTRAINT reward_claim_first_approval_check CHECK ((first_approval_by IS NULL) = (first_approval_at IS NULL));

-- A reward that falls due while the member is in a time-out or a self-exclusion
-- (docs/rules/protection.md §3.2, §4.2) is recorded `withheld`: final, never paid, not even later.
ALTER TABLE reward_claim
  DROP CONSTRAINT reward_claim_status_check,
  ADD CONSTRAINT reward_claim_status_check CHECK (status IN ('paid', 'held', 'rejected', 'withheld'));
CREATE INDEX reward_claim_withheld ON reward_claim (created_at) WHERE status = 'withheld';

-- The same for a referrer's day of affiliate commission: the day is computed (its lines kept, the
-- payout row taken, so no later run pays it), and what it would have credited is kept as withheld.
ALTER TABLE affiliate_payout
  ADD COLUMN withheld_satang bigint NOT NULL DEFAULT 0 CHECK (withheld_satang >= 0),
  ADD COLUMN withheld_reason text,
  ADD CONSTRAINT affiliate_payout_withheld_check CHECK ((withheld_satang > 0) = (withheld_reason IS NOT NULL));
-- What each run withheld, for the operator's list of runs.
ALTER TABLE affiliate_run
  ADD COLUMN withheld integer NOT NULL DEFAULT 0 CHECK (withheld >= 0),
  ADD COLUMN withheld_satang bigint NOT NULL DEFAULT 0 CHECK (withheld_satang >= 0);

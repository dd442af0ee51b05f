-- "5 failed codes in an hour" counts a rolling hour: the times of the member's wrong codes of the last
-- hour, kept on the row and moved in the one statement that counts a failure (a window restarted at
-- the first failure let 4 + 4 wrong codes within an hour through).
ALTER TABLE coupon_attempt
  DROP COLUMN window_start,
  DROP COLUMN failures,
  ADD COLUMN failed_at timestamptz[] NOT NULL DEFAULT '{}';

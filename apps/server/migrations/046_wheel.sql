-- Prize wheel v2 (กงล้อ), docs/rules/engagement.md §9: versioned prize tables, and every spin with the
-- version and prize index it drew. An operator's change is a new version; old versions never change,
-- so a spin's prize stays what it was when it was drawn.

-- One version of the wheel: its spin settings and (in wheel_prize) its prizes and weights.
CREATE TABLE wheel_version (
  version               integer PRIMARY KEY CHECK (version >= 1),
  free_spins_per_day    integer NOT NULL CHECK (free_spins_per_day BETWEEN 0 AND 100),
  points_per_extra_spin integer NOT NULL CHECK (points_per_extra_spin BETWEEN 1 AND 1000000),
  extra_spins_per_day   integer NOT NULL CHECK (extra_spins_per_day BETWEEN 0 AND 1000),
  created_at            timestamptz NOT NULL DEFAULT now(),
  created_by            integer REFERENCES staff(id)
);

-- The prizes of a version, in wheel order (index 0 first, clockwise from the pointer).
-- amount: satang for free credit, whole points for points, 0 for no prize.
CREATE TABLE wheel_prize (
  version     integer NOT NULL REFERENCES wheel_version(version),
  prize_index smallint NOT NULL CHECK (prize_index BETWEEN 0 AND 23),
  label       text NOT NULL CHECK (length(label) BETWEEN 1 AND 40),
  kind        text NOT NULL CHECK (kind IN ('none', 'points', 'free_credit')),
  amount      bigint NOT NULL CHECK (amount >= 0),
  weight      bigint NOT NULL CHECK (weight >= 0),
  PRIMARY KEY (version, prize_index),
  CHECK ((kind = 'none') = (amount = 0))
);

CREATE TRIGGER wheel_version_no_update BEFORE UPDATE OR DELETE ON wheel_version
  FOR EACH ROW EXECUTE FUNCTION reject_mutation();
CREATE TRIGGER wheel_version_no_truncate BEFORE TRUNCATE ON wheel_version
  FOR EACH STATEMENT EXECUTE FUNCTION reject_mutation();
CREATE TRIGGER wheel_prize_no_update BEFORE UPDATE OR DELETE ON wheel_prize
  FOR EACH ROW EXECUTE FUNCTION reject_mutation();
CREATE TRIGGER wheel_prize_no_truncate BEFORE TRUNCATE ON wheel_prize
  FOR EACH STATEMENT EXECUTE FUNCTION reject_mutation();

-- The default table of §9 (expected cost per spin: 12.75 baht free credit + 3 points).
INSERT INTO wheel_version (version, free_spins_per_day, points_per_extra_spin, extra_spins_per_day)
VALUES (1, 1, 100, 10);
INSERT INTO wheel_prize (version, prize_index, label, kind, amount, weight) VALUES
  (1, 0, 'ไม่ได้รางวัล', 'none', 0, 3000),
  (1, 1, '10 แต้ม', 'points', 10, 3000),
  (1, 2, 'เครดิตฟรี 5 บาท', 'free_credit', 500, 2500),
  (1, 3, 'เครดิตฟรี 20 บาท', 'free_credit', 2000, 1000),
  (1, 4, 'เครดิตฟรี 100 บาท', 'free_credit', 10000, 450),
  (1, 5, 'เครดิตฟรี 1,000 บาท', 'free_credit', 100000, 50);

-- One spin, committed before the member sees it. paid_with: the day's free spin or points; day_seq
-- numbers the member's spins of that kind on that Bangkok day (1, 2, …), so two spins can never take
-- the same free spin or the same paid slot even outside the member lock. The prize is credited
-- once (reward_claim UNIQUE (member, 'wheel', spin id)); rewarded_at records when, by the member's
-- claim or the 24-hour automatic credit.
CREATE TABLE wheel_spin (
  id           bigserial PRIMARY KEY,
  member_id    integer NOT NULL REFERENCES member(id),
  version      integer NOT NULL,
  prize_index  smallint NOT NULL,
  paid_with    text NOT NULL CHECK (paid_with IN ('free', 'points')),
  points_spent integer NOT NULL CHECK (points_spent >= 0),
  -- Asia/Bangkok date of the spin (YYYY-MM-DD), from the server clock (§0 G3).
  spin_date    text NOT NULL CHECK (spin_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  day_seq      integer NOT NULL CHECK (day_seq >= 1),
  created_at   timestamptz NOT NULL,
  rewarded_at  timestamptz,
  claim_id     bigint REFERENCES reward_claim(id),
  FOREIGN KEY (version, prize_index) REFERENCES wheel_prize(version, prize_index),
  UNIQUE (member_id, spin_date, paid_with, day_seq),
  CHECK ((paid_with = 'free') = (points_spent = 0)),
  CHECK ((rewarded_at IS NULL) = (claim_id IS NULL))
);
CREATE INDEX wheel_spin_member ON wheel_spin (member_id, id DESC);
CREATE INDEX wheel_spin_unrewarded ON wheel_spin (created_at) WHERE rewarded_at IS NULL;

-- A spin keeps its draw: the only change is recording the reward of a spin not rewarded yet.
-- wheel_spin_keeps_its_draw: now in modules/wheel/sql/wheel_spin_keeps_its_draw.sql (decision 0072).
CREATE TRIGGER wheel_spin_keeps_its_draw BEFORE UPDATE OR DELETE ON wheel_spin
  FOR EACH ROW EXECUTE FUNCTION wheel_spin_keeps_its_draw();
CREATE TRIGGER wheel_spin_no_truncate BEFORE TRUNCATE ON wheel_spin
  FOR EACH STATEMENT EXECUTE FUNCTION reject_mutation();

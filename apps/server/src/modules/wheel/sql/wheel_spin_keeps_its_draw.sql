-- A spin keeps its draw: the only change is recording the reward of a spin not rewarded yet.
CREATE OR REPLACE FUNCTION wheel_spin_keeps_its_draw() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.rewarded_at IS NOT NULL
     OR (NEW.id, NEW.member_id, NEW.version, NEW.prize_index, NEW.paid_with, NEW.points_spent,
         NEW.spin_date, NEW.day_seq, NEW.created_at)
        IS DISTINCT FROM
        (OLD.id, OLD.member_id, OLD.version, OLD.prize_index, OLD.paid_with, OLD.points_spent,
         OLD.spin_date, OLD.day_seq, OLD.created_at) THEN
    RAISE EXCEPTION 'wheel_spin keeps its draw: only the reward of an unrewarded spin is recorded';
  END IF;
  RETURN NEW;
END $$;

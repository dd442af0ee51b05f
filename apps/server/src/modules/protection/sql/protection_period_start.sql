-- The first day of the Bangkok day, week (from Monday) or month holding `at`.
CREATE OR REPLACE FUNCTION protection_period_start(p_period text, p_at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_period
    WHEN 'day' THEN (p_at AT TIME ZONE 'Asia/Bangkok')::date
    WHEN 'week' THEN date_trunc('week', (p_at AT TIME ZONE 'Asia/Bangkok')::date)::date
    ELSE date_trunc('month', (p_at AT TIME ZONE 'Asia/Bangkok')::date)::date
  END
$$;

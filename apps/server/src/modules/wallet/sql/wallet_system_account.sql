-- The id of the system account `p_code` (sys:lotto, sys:game, …), created on first use.
CREATE OR REPLACE FUNCTION wallet_system_account(p_code text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_id integer;
BEGIN
  SELECT a.id INTO v_id FROM ledger_account a WHERE a.code = p_code;
  IF NOT FOUND THEN
    INSERT INTO ledger_account (code, kind) VALUES (p_code, 'system') ON CONFLICT (code) DO NOTHING;
    SELECT a.id INTO v_id FROM ledger_account a WHERE a.code = p_code;
  END IF;
  RETURN v_id;
END $$;

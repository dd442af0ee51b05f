-- Trigger function of the append-only tables (the ledger's transfers, the audit log, the points ledger,
-- the wheel's prize tables and spins, the affiliate ledger, member notes): bound by their migrations,
-- it refuses every UPDATE, DELETE and TRUNCATE.
CREATE OR REPLACE FUNCTION reject_mutation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: corrections are new rows', TG_TABLE_NAME;
END $$;

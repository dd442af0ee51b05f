-- A durability barrier (platform/durable.ts, decision 0087): a transaction that writes one WAL record
-- of its own — a transactional logical message, which gives it a transaction id and so a commit
-- record — and therefore commits the way every transaction does under the database's
-- `synchronous_commit`: its commit waits until the WAL up to it is flushed (and confirmed by
-- synchronous standbys, where there are any). WAL is one sequence, so every commit written before it
-- is then durable too. No table is touched; logical decoding, where any runs, sees a message with the
-- prefix `chok.durable` and nothing in it.
-- The notifications (one channel per payload, in order) go out with its commit: after the work they
-- tell of is durable.
CREATE OR REPLACE FUNCTION durability_barrier(p_channels text[], p_payloads text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_logical_emit_message(true, 'chok.durable', '');
  PERFORM pg_notify(u.channel, u.payload) FROM unnest(p_channels, p_payloads) AS u(channel, payload);
END $$;

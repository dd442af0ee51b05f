-- The operator console's live counters of waiting work (apps/backoffice header; modules/console):
-- every change of a deposit request, a withdrawal, a held reward or a goods order that can change
-- what waits for an operator publishes one event on the bus (platform/events.ts: channel
-- chok_events, payload `<topic>\n<event>\n<json of {topic, data}>`), topic `console.work` (an
-- in-process topic: no client can subscribe to it), in the changing transaction, so it is delivered
-- on commit only, by whichever module or job made the change. PostgreSQL folds equal notifications
-- of one transaction into one; the console module coalesces what arrives before recounting.
CREATE OR REPLACE FUNCTION console_work_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    'chok_events',
    'console.work' || E'\n' || 'changed' || E'\n' ||
      json_build_object('topic', 'console.work', 'data', json_build_object('kind', TG_ARGV[0]))::text
  );
  RETURN NULL;
END $$;

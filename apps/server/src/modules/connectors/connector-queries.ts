import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

export interface SecretRow {
  connector: string;
  name: string;
  sealed: Buffer;
  key_id: string;
}

export async function secretRow(
  ex: Executor,
  connector: string,
  name: string,
): Promise<SecretRow | undefined> {
  return ex
    .selectFrom('connector_secret')
    .select(['connector', 'name', 'sealed', 'key_id'])
    .where('connector', '=', connector)
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function secretRowsSealedBy(ex: Executor, keyId: string): Promise<SecretRow[]> {
  return ex
    .selectFrom('connector_secret')
    .select(['connector', 'name', 'sealed', 'key_id'])
    .where('key_id', '=', keyId)
    .forUpdate()
    .execute();
}

/** The names of the secrets stored for a connector (never their values). */
export async function storedSecretNames(
  ex: Executor,
  connector: string,
): Promise<{ name: string; updated_at: Date }[]> {
  return ex
    .selectFrom('connector_secret')
    .select(['name', 'updated_at'])
    .where('connector', '=', connector)
    .orderBy('name')
    .execute();
}

export async function upsertSecret(
  ex: Executor,
  r: SecretRow & { updated_at: Date; updated_by: number | null },
): Promise<void> {
  await ex
    .insertInto('connector_secret')
    .values(r)
    .onConflict((oc) =>
      oc.columns(['connector', 'name']).doUpdateSet({
        sealed: r.sealed,
        key_id: r.key_id,
        updated_at: r.updated_at,
        updated_by: r.updated_by,
      }),
    )
    .execute();
}

export async function deleteSecret(ex: Executor, connector: string, name: string): Promise<boolean> {
  const r = await ex
    .deleteFrom('connector_secret')
    .where('connector', '=', connector)
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export interface CallRecord {
  connector: string;
  operation: string;
  request_id: string;
  outcome: 'ok' | 'error' | 'timeout';
  http_status: number | null;
  latency_ms: number;
  error: string | null;
  at: Date;
}

export async function insertCall(ex: Executor, c: CallRecord): Promise<void> {
  await ex.insertInto('connector_call').values(c).execute();
}

/** Inserts the event id; true when this delivery is the first with it. */
export async function insertEvent(
  ex: Executor,
  connector: string,
  eventId: string,
  at: Date,
): Promise<boolean> {
  const r = await ex
    .insertInto('connector_event')
    .values({ connector, event_id: eventId, received_at: at })
    .onConflict((oc) => oc.columns(['connector', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return r !== undefined;
}

export interface CallSummary {
  connector: string;
  calls: number;
  errors: number;
  last_ok_at: Date | null;
  last_error_at: Date | null;
  last_error: string | null;
}

/** Per connector since `since`: calls, errors, and the last success and error of all time. */
export async function callSummaries(ex: Executor, since: Date): Promise<CallSummary[]> {
  const r = await sql<CallSummary>`
    SELECT c.connector,
           (SELECT count(*)::int FROM connector_call x WHERE x.connector = c.connector AND x.at >= ${since}) AS calls,
           (SELECT count(*)::int FROM connector_call x
             WHERE x.connector = c.connector AND x.at >= ${since} AND x.outcome <> 'ok') AS errors,
           (SELECT max(x.at) FROM connector_call x WHERE x.connector = c.connector AND x.outcome = 'ok') AS last_ok_at,
           e.at AS last_error_at, e.error AS last_error
      FROM (SELECT DISTINCT connector FROM connector_call) c
      LEFT JOIN LATERAL (
        SELECT x.at, coalesce(x.error, 'HTTP ' || x.http_status) AS error FROM connector_call x
         WHERE x.connector = c.connector AND x.outcome <> 'ok' ORDER BY x.at DESC LIMIT 1
      ) e ON true`.execute(ex);
  return r.rows;
}

/** Calls out per connector and outcome since `since`, with their mean latency (the metrics). */
export interface CallFigure {
  connector: string;
  outcome: 'ok' | 'error' | 'timeout';
  calls: number;
  mean_latency_ms: number;
}

export async function callFigures(ex: Executor, since: Date): Promise<CallFigure[]> {
  const r = await sql<CallFigure>`
    SELECT connector, outcome, count(*)::int AS calls, COALESCE(avg(latency_ms), 0)::float8 AS mean_latency_ms
      FROM connector_call WHERE at >= ${since} GROUP BY connector, outcome ORDER BY connector, outcome`.execute(
    ex,
  );
  return r.rows;
}

export async function deleteCallsBefore(ex: Executor, before: Date): Promise<number> {
  const r = await ex.deleteFrom('connector_call').where('at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function deleteEventsBefore(ex: Executor, before: Date): Promise<number> {
  const r = await ex.deleteFrom('connector_event').where('received_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

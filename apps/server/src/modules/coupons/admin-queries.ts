import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';
import { pageOf } from '../../platform/page.ts';

export function insertCampaign(
  ex: Executor,
  c: {
    kind: 'campaign' | 'personal';
    title: string;
    amountSatang: number;
    expiresAt: Date | null;
    operatorCode: string | null;
    staffId: number;
    now: Date;
  },
) {
  return ex
    .insertInto('coupon_campaign')
    .values({
      kind: c.kind,
      title: c.title,
      amount_satang: c.amountSatang,
      expires_at: c.expiresAt,
      operator_code: c.operatorCode,
      created_by: c.staffId,
      created_at: c.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Inserts a code unless it exists already (then undefined: the caller draws another). */
export function insertCode(
  ex: Executor,
  c: { campaignId: number; code: string; memberId: number | null; quota: number; now: Date },
) {
  return ex
    .insertInto('coupon')
    .values({
      campaign_id: c.campaignId,
      code: c.code,
      member_id: c.memberId,
      quota: c.quota,
      created_at: c.now,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** Campaigns, newest first, with their code count, quota and uses summed over their codes. */
export function campaignRows(ex: Executor, limit: number, offset: number, id?: number) {
  let q = ex.selectFrom('coupon_campaign as k').select((eb) => [
    'k.id',
    'k.kind',
    'k.title',
    'k.amount_satang',
    'k.expires_at',
    'k.status',
    'k.operator_code',
    'k.created_at',
    'k.created_by',
    'k.disabled_at',
    eb
      .selectFrom('coupon as c')
      .select((c) => c.fn.countAll<string>().as('n'))
      .whereRef('c.campaign_id', '=', 'k.id')
      .as('codes'),
    eb
      .selectFrom('coupon as c')
      .select((c) => c.fn.sum<string>('c.quota').as('n'))
      .whereRef('c.campaign_id', '=', 'k.id')
      .as('quota'),
    eb
      .selectFrom('coupon as c')
      .select((c) => c.fn.sum<string>('c.used').as('n'))
      .whereRef('c.campaign_id', '=', 'k.id')
      .as('used'),
    eb
      .selectFrom('coupon as c')
      .select('c.code')
      .whereRef('c.campaign_id', '=', 'k.id')
      .orderBy('c.id')
      .limit(1)
      .as('first_code'),
  ]);
  if (id !== undefined) q = q.where('k.id', '=', id);
  return q.orderBy('k.id', 'desc').limit(limit).offset(offset).execute();
}

/** Whether a campaign already has this operator code, in any case. */
export async function operatorCodeTaken(ex: Executor, code: string): Promise<boolean> {
  const row = await ex
    .selectFrom('coupon_campaign')
    .select('id')
    .where(sql<string>`lower(operator_code)`, '=', code.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function campaignCount(ex: Executor): Promise<number> {
  const row = await ex
    .selectFrom('coupon_campaign')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const codeColumns = [
  'id',
  'campaign_id',
  'code',
  'member_id',
  'quota',
  'used',
  'status',
  'disabled_at',
] as const;

export function campaignCodes(ex: Executor, campaignId: number) {
  return ex
    .selectFrom('coupon')
    .select(codeColumns)
    .where('campaign_id', '=', campaignId)
    .orderBy('id')
    .execute();
}

export function lockCampaign(ex: Executor, id: number) {
  return ex
    .selectFrom('coupon_campaign')
    .select(['id', 'status'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function disableCampaign(ex: Executor, id: number, staffId: number, now: Date) {
  await ex
    .updateTable('coupon_campaign')
    .set({ status: 'disabled', disabled_at: now, disabled_by: staffId })
    .where('id', '=', id)
    .execute();
}

export function lockCode(ex: Executor, id: number) {
  return ex.selectFrom('coupon').select(codeColumns).where('id', '=', id).forUpdate().executeTakeFirst();
}

export function disableCode(ex: Executor, id: number, staffId: number, now: Date) {
  return ex
    .updateTable('coupon')
    .set({ status: 'disabled', disabled_at: now, disabled_by: staffId })
    .where('id', '=', id)
    .returning(codeColumns)
    .executeTakeFirstOrThrow();
}

export interface CodeFilter {
  campaignId?: number | undefined;
  /** Normalized beginning of a code (Crockford alphabet only). */
  codePrefix?: string | undefined;
  memberId?: number | undefined;
  status?: 'active' | 'disabled' | undefined;
}

function codeQuery(ex: Executor, f: CodeFilter) {
  let q = ex.selectFrom('coupon as c').innerJoin('coupon_campaign as k', 'k.id', 'c.campaign_id');
  if (f.campaignId !== undefined) q = q.where('c.campaign_id', '=', f.campaignId);
  if (f.codePrefix !== undefined) q = q.where('c.code', 'like', `${f.codePrefix}%`);
  if (f.memberId !== undefined) q = q.where('c.member_id', '=', f.memberId);
  if (f.status !== undefined) q = q.where('c.status', '=', f.status);
  return q;
}

/** Codes over all campaigns with their campaign's title, kind, amount and expiry, newest first. */
export async function searchCodes(ex: Executor, f: CodeFilter, limit: number, offset: number) {
  const { rows, total } = await pageOf(
    codeQuery(ex, f),
    (q) =>
      q
        .select([
          'c.id',
          'c.campaign_id',
          'c.code',
          'c.member_id',
          'c.quota',
          'c.used',
          'c.status',
          'c.disabled_at',
          'k.title as campaign_title',
          'k.kind as campaign_kind',
          'k.amount_satang',
          'k.expires_at',
        ])
        .orderBy('c.id', 'desc'),
    { limit, offset },
  );
  return { items: rows, total };
}

export interface UseFilter {
  campaignId?: number | undefined;
  couponId?: number | undefined;
  memberId?: number | undefined;
}

function useQuery(ex: Executor, f: UseFilter) {
  let q = ex
    .selectFrom('coupon_use as u')
    .innerJoin('coupon as c', 'c.id', 'u.coupon_id')
    .innerJoin('coupon_campaign as k', 'k.id', 'c.campaign_id');
  if (f.campaignId !== undefined) q = q.where('c.campaign_id', '=', f.campaignId);
  if (f.couponId !== undefined) q = q.where('u.coupon_id', '=', f.couponId);
  if (f.memberId !== undefined) q = q.where('u.member_id', '=', f.memberId);
  return q;
}

/** Redemptions, newest first, with their code and campaign. */
export async function couponUses(ex: Executor, f: UseFilter, limit: number, offset: number) {
  const { rows, total } = await pageOf(
    useQuery(ex, f),
    (q) =>
      q
        .select([
          'u.id',
          'u.coupon_id',
          'c.code',
          'c.campaign_id',
          'k.title as campaign_title',
          'u.member_id',
          'u.amount_satang',
          'u.claim_id',
          'u.created_at',
        ])
        .orderBy('u.id', 'desc'),
    { limit, offset },
  );
  return { items: rows, total };
}

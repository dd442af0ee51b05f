import { randomBytes } from 'node:crypto';
import {
  COUPON_ALPHABET,
  COUPON_CODE_BYTES,
  COUPON_CODE_LENGTH,
  couponCode,
} from '@chok/engine/engagement/coupon';
import { parseBaht } from '@chok/engine/money';
import { appendAudit } from '../../platform/audit.ts';
import { type Executor, inTransaction, isUniqueViolation, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { memberIdByPhone, memberRefs } from '../members/service.ts';
import { claimStatuses } from '../rewards/service.ts';
import {
  campaignCodes,
  campaignCount,
  campaignRows,
  couponUses,
  disableCampaign,
  disableCode,
  insertCampaign,
  insertCode,
  lockCampaign,
  lockCode,
  operatorCodeTaken,
  searchCodes,
} from './admin-queries.ts';
import type { CouponDeps } from './deps.ts';
import { campaignView, codeLineView, codeView, useView } from './views.ts';

/**
 * The operator's coupons (docs/rules/engagement.md §2): generate a campaign code (one code, a global
 * quota) or personal codes (one per member, quota 1), list them, disable a campaign or one code.
 * Codes are 10 Crockford base32 characters from `randomBytes`; a campaign may also have one code its
 * operator chose ("CHOK100", unique in any case over all campaigns); every change is audited.
 */

/**
 * Runs a campaign's creation: an operator code another campaign has (in any case) is refused before
 * anything is written, and one taken by a campaign created at the same moment is refused by the
 * unique index on lower(operator_code) — the same Thai error, nothing written.
 */
// The code itself is not repeated in the message: an operator's code is Latin letters and digits, and
// messages are Thai only; the field says which input it is.
const codeTaken = () =>
  new AppError('COUPON_CODE_TAKEN', {}, { operator_code: 'โค้ดนี้มีคูปองอื่นใช้อยู่แล้ว กรุณาเลือกโค้ดอื่น' });

async function withOperatorCode<T>(d: CouponDeps, code: string | null, create: () => Promise<T>): Promise<T> {
  if (code !== null && (await operatorCodeTaken(d.db, code))) throw codeTaken();
  try {
    return await create();
  } catch (err) {
    if (code !== null && isUniqueViolation(err, 'coupon_campaign_operator_code')) throw codeTaken();
    throw err;
  }
}

/** A fresh code for the campaign; a collision with an existing code draws again. */
async function newCode(tx: Tx, campaignId: number, memberId: number | null, quota: number, now: Date) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = couponCode(randomBytes(COUPON_CODE_BYTES));
    const row = await insertCode(tx, { campaignId, code, memberId, quota, now });
    if (row) return row.id;
  }
  throw new Error('coupon code space exhausted'); // 2^50 codes: never in practice
}

async function campaignOf(ex: Executor, id: number) {
  const [row] = await campaignRows(ex, 1, 0, id);
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return campaignView(row);
}

async function codesOf(ex: Executor, campaignId: number) {
  const rows = await campaignCodes(ex, campaignId);
  const members = await memberRefs(
    ex,
    rows.flatMap((r) => (r.member_id === null ? [] : [r.member_id])),
  );
  return rows.map((r) => codeView(r, members));
}

const expiry = (iso: string | null) => (iso === null ? null : new Date(iso));

/** A campaign of `kind` as the console's form gives it; answers its id. */
async function newCampaign(
  tx: Tx,
  kind: 'campaign' | 'personal',
  input: { title: string; amount: string; expires_at: string | null; operator_code: string | null },
  staffId: number,
  now: Date,
): Promise<number> {
  const { id } = await insertCampaign(tx, {
    kind,
    title: input.title,
    amountSatang: parseBaht(input.amount),
    expiresAt: expiry(input.expires_at),
    operatorCode: input.operator_code,
    staffId,
    now,
  });
  return id;
}

function auditCreated(
  tx: Tx,
  staffId: number,
  action: 'coupon.campaign_create' | 'coupon.personal_create',
  id: number,
  after: unknown,
) {
  return appendAudit(tx, {
    actorType: 'staff',
    actorId: staffId,
    action,
    entity: 'coupon_campaign',
    entityId: id,
    after,
  });
}

export async function listCampaigns(d: CouponDeps, page: number, perPage: number) {
  const rows = await campaignRows(d.db, perPage, (page - 1) * perPage);
  return { items: rows.map(campaignView), total: await campaignCount(d.db), page, page_size: perPage };
}

export async function listCodes(d: CouponDeps, campaignId: number) {
  await campaignOf(d.db, campaignId);
  return codesOf(d.db, campaignId);
}

/** `POST /api/admin/coupons/campaigns`: one code any member may use once, `quota` times in all. */
export async function createCampaign(
  d: CouponDeps,
  input: {
    title: string;
    amount: string;
    quota: number;
    expires_at: string | null;
    operator_code: string | null;
  },
  staffId: number,
) {
  return withOperatorCode(d, input.operator_code, () =>
    inTransaction(d.db, async (tx) => {
      const now = d.clock.now();
      const id = await newCampaign(tx, 'campaign', input, staffId, now);
      await newCode(tx, id, null, input.quota, now);
      const after = await campaignOf(tx, id);
      await auditCreated(tx, staffId, 'coupon.campaign_create', id, after);
      return after;
    }),
  );
}

/** `POST /api/admin/coupons/personal`: one code per member, each usable by that member once. */
export async function createPersonal(
  d: CouponDeps,
  input: {
    title: string;
    amount: string;
    member_ids: number[];
    expires_at: string | null;
    operator_code: string | null;
  },
  staffId: number,
) {
  return withOperatorCode(d, input.operator_code, () =>
    inTransaction(d.db, async (tx) => {
      const found = await memberRefs(tx, input.member_ids);
      const missing = input.member_ids.filter((id) => !found.has(id));
      if (missing.length > 0)
        throw new AppError('COUPON_MEMBER_NOT_FOUND', { ids: missing.slice(0, 20).join(', ') });
      const now = d.clock.now();
      const id = await newCampaign(tx, 'personal', input, staffId, now);
      for (const memberId of input.member_ids) await newCode(tx, id, memberId, 1, now);
      const campaign = await campaignOf(tx, id);
      const codes = await codesOf(tx, id);
      await auditCreated(tx, staffId, 'coupon.personal_create', id, {
        ...campaign,
        member_ids: input.member_ids,
      });
      return { campaign, codes };
    }),
  );
}

/** `POST /api/admin/coupons/campaigns/:id/disable`: none of its codes redeem any more. */
export async function disableCampaignById(d: CouponDeps, id: number, staffId: number) {
  return inTransaction(d.db, async (tx) => {
    const row = await lockCampaign(tx, id);
    if (!row) throw new AppError('RECORD_NOT_FOUND');
    const before = await campaignOf(tx, id);
    if (row.status === 'disabled') return before;
    await disableCampaign(tx, id, staffId, d.clock.now());
    const after = await campaignOf(tx, id);
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'coupon.campaign_disable',
      entity: 'coupon_campaign',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

/** `POST /api/admin/coupons/codes/:id/disable`: this code no longer redeems. */
export async function disableCodeById(d: CouponDeps, id: number, staffId: number) {
  return inTransaction(d.db, async (tx) => {
    const before = await lockCode(tx, id);
    if (!before) throw new AppError('RECORD_NOT_FOUND');
    const members = await memberRefs(tx, before.member_id === null ? [] : [before.member_id]);
    if (before.status === 'disabled') return codeView(before, members);
    const after = await disableCode(tx, id, staffId, d.clock.now());
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'coupon.code_disable',
      entity: 'coupon',
      entityId: id,
      before: codeView(before, members),
      after: codeView(after, members),
    });
    return codeView(after, members);
  });
}

interface Paging {
  page: number;
  page_size: number;
}

const paged = <T>(items: T[], total: number, q: Paging) => ({
  items,
  total,
  page: q.page,
  page_size: q.page_size,
});

/** The beginning of a code as an operator typed it, read the Crockford way (case, O, I, L, spaces). */
function codePrefix(typed: string): string {
  const prefix = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (!new RegExp(`^[${COUPON_ALPHABET}]{1,${COUPON_CODE_LENGTH}}$`).test(prefix))
    throw new AppError('VALIDATION_FAILED', {}, { code: 'โค้ดคูปองไม่ถูกต้อง' });
  return prefix;
}

/** The member a phone filter names; undefined: nobody has that phone (the list is then empty). */
async function memberOfPhone(d: CouponDeps, phone: string | undefined): Promise<number | null | undefined> {
  if (phone === undefined) return null;
  return memberIdByPhone(d.db, phone);
}

/** `GET /api/admin/coupons/codes`: codes over all campaigns, by campaign, beginning, phone, status. */
export async function searchCodeList(
  d: CouponDeps,
  q: Paging & {
    campaign_id?: number | undefined;
    code?: string | undefined;
    phone?: string | undefined;
    status?: 'active' | 'disabled' | undefined;
  },
) {
  const prefix = q.code === undefined ? undefined : codePrefix(q.code);
  const memberId = await memberOfPhone(d, q.phone);
  if (memberId === undefined) return paged([], 0, q);
  const { items, total } = await searchCodes(
    d.db,
    { campaignId: q.campaign_id, codePrefix: prefix, memberId: memberId ?? undefined, status: q.status },
    q.page_size,
    (q.page - 1) * q.page_size,
  );
  const members = await memberRefs(
    d.db,
    items.flatMap((r) => (r.member_id === null ? [] : [r.member_id])),
  );
  return paged(
    items.map((r) => codeLineView(r, members)),
    total,
    q,
  );
}

/** `GET /api/admin/coupons/uses`: redemptions by campaign, code or member, with the credit's status. */
export async function useList(
  d: CouponDeps,
  q: Paging & {
    campaign_id?: number | undefined;
    coupon_id?: number | undefined;
    phone?: string | undefined;
  },
) {
  const memberId = await memberOfPhone(d, q.phone);
  if (memberId === undefined) return paged([], 0, q);
  const { items, total } = await couponUses(
    d.db,
    { campaignId: q.campaign_id, couponId: q.coupon_id, memberId: memberId ?? undefined },
    q.page_size,
    (q.page - 1) * q.page_size,
  );
  const [members, statuses] = await Promise.all([
    memberRefs(
      d.db,
      items.map((r) => r.member_id),
    ),
    claimStatuses(
      d.db,
      items.map((r) => r.claim_id),
    ),
  ]);
  return paged(
    items.map((r) => useView(r, members, statuses)),
    total,
    q,
  );
}

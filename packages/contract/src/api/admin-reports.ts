import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { baht, isoDate, wholeNumber } from '../fields.ts';

/**
 * The operator console's dashboard: per Bangkok day, what moved through the ledger (docs/rules/casino.md
 * §2) — deposits, paid withdrawals, stake, payout and gross gaming revenue per category, bonus and
 * reward cost by source — with new and active members.
 */
const tag = 'admin-reports';

export const reportCategories = ['lotto', 'casino', 'slot', 'sport', 'fishing'] as const;
export type ReportCategory = (typeof reportCategories)[number];
export const reportCategoryLabels: Record<ReportCategory, string> = {
  lotto: 'หวย',
  casino: 'คาสิโน',
  slot: 'สล็อต',
  sport: 'กีฬา',
  fishing: 'ยิงปลา',
};

/** Where a bonus or reward's money went out: the ledger transfer's kind and its key tell. */
export const costSources = [
  'promotion',
  'free_credit',
  'cashback',
  'commission',
  'affiliate',
  'checkin',
  'quest',
  'wheel',
  'shop',
  'coupon',
  'poll',
  'yeekee',
  'other',
] as const;
export type CostSource = (typeof costSources)[number];
export const costSourceLabels: Record<CostSource, string> = {
  promotion: 'โบนัสโปรโมชั่นเงินฝาก',
  free_credit: 'เครดิตฟรี',
  cashback: 'คืนยอดเสีย',
  commission: 'ค่าคอมมิชชั่น',
  affiliate: 'รายได้แนะนำเพื่อน',
  checkin: 'เช็กอินรายวัน',
  quest: 'ภารกิจ',
  wheel: 'วงล้อนำโชค',
  shop: 'ร้านค้าแต้ม',
  coupon: 'คูปอง',
  poll: 'โพลทายผล',
  yeekee: 'รางวัลผู้ยิงเลขยี่กี',
  other: 'อื่น ๆ',
};

const categoryFigure = z.object({
  category: z.enum(reportCategories),
  label: z.string(),
  stake: baht,
  payout: baht,
  ggr: baht,
});

export const dayFigures = z.object({
  /** The Bangkok calendar day, YYYY-MM-DD. */
  day: z.string(),
  deposits: baht,
  deposit_count: z.number().int(),
  withdrawals: baht,
  withdrawal_count: z.number().int(),
  stake: baht,
  payout: baht,
  /** Stake less payout (bets refunded are not stake). */
  ggr: baht,
  categories: z.array(categoryFigure),
  new_members: z.number().int(),
  /** Members who placed a bet or had a deposit credited that day. */
  active_members: z.number().int(),
  /** Bonus and reward money paid out, less what was forfeited back. */
  bonus_cost: baht,
  costs: z.array(z.object({ source: z.enum(costSources), label: z.string(), amount: baht })),
  forfeited: baht,
});

export const dashboard = endpoint({
  method: 'GET',
  path: '/api/admin/reports/dashboard',
  tag,
  auth: 'staff',
  roles: ['owner', 'finance'],
  summary:
    'Dashboard figures per Bangkok day from the ledger: today and the days before it (30 by default), oldest first',
  query: z.object({
    days: wholeNumber(1, 90).default(30),
    /** The last day shown; today (Bangkok) by default. */
    to: isoDate.optional(),
  }),
  data: z.object({
    today: z.string(),
    from: z.string(),
    to: z.string(),
    days: z.array(dayFigures),
    total: dayFigures.omit({ day: true, new_members: true, active_members: true }).extend({
      new_members: z.number().int(),
    }),
  }),
});

export const adminReportsEndpoints = [dashboard];

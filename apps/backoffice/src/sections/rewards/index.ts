import type { Section } from '../types';

const editors = ['owner', 'content'] as const;

/** Promotions, coupons, cashback and commission, quests, wheel, shop, polls, affiliate, held rewards. */
export const rewardsSection: Section = {
  id: 'rewards',
  label: 'รางวัลและโปรโมชั่น',
  pages: [
    {
      path: 'rewards/promotions',
      label: 'โปรโมชั่นเงินฝาก',
      roles: editors,
      load: () => import('./PromotionsPage'),
    },
    { path: 'rewards/coupons', label: 'คูปอง', roles: editors, load: () => import('./CouponsPage') },
    {
      path: 'rewards/cashback',
      label: 'คืนยอดเสียและคืนยอดเทิร์น',
      roles: ['owner', 'content', 'finance'],
      load: () => import('./CashbackPage'),
    },
    {
      path: 'rewards/affiliate',
      label: 'ค่าแนะนำเพื่อน',
      roles: ['owner', 'content', 'finance'],
      load: () => import('./AffiliatePage'),
    },
    { path: 'rewards/checkin', label: 'เช็คอินรายวัน', roles: editors, load: () => import('./CheckinPage') },
    { path: 'rewards/quests', label: 'ภารกิจ', roles: editors, load: () => import('./QuestsPage') },
    { path: 'rewards/wheel', label: 'วงล้อรางวัล', roles: editors, load: () => import('./WheelPage') },
    { path: 'rewards/shop', label: 'ร้านแลกแต้ม', roles: editors, load: () => import('./ShopItemsPage') },
    {
      path: 'rewards/shop-orders',
      label: 'คำสั่งแลกของรางวัล',
      roles: ['owner', 'content', 'support'],
      load: () => import('./ShopOrdersPage'),
    },
    { path: 'rewards/polls', label: 'โพล', roles: editors, load: () => import('./PollsPage') },
    {
      path: 'rewards/holds',
      label: 'รางวัลรอตรวจสอบ',
      roles: ['owner', 'finance', 'support'],
      load: () => import('./HoldsPage'),
    },
  ],
};

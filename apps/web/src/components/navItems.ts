import type { ComponentType } from 'react';
import {
  BallIcon,
  CardsIcon,
  CashbackIcon,
  DiceIcon,
  GiftIcon,
  HomeIcon,
  LottoIcon,
  ReceiptIcon,
  ShieldIcon,
  ShopIcon,
  SlotIcon,
  TargetIcon,
  TicketIcon,
  TrendIcon,
  UserIcon,
  UsersIcon,
  WheelIcon,
} from './Icons';

export interface NavItem {
  to: string;
  label: string;
  Icon: ComponentType<{ size?: number }>;
}

/** The site's main sections, for the desktop navigation and the mobile drawer. */
export const mainNav: NavItem[] = [
  { to: '/', label: 'หน้าแรก', Icon: HomeIcon },
  { to: '/lotto/lobby', label: 'หวย', Icon: LottoIcon },
  { to: '/lobby/slot', label: 'สล็อต', Icon: SlotIcon },
  { to: '/lobby/casino', label: 'คาสิโน', Icon: DiceIcon },
  { to: '/lobby/sport', label: 'กีฬา', Icon: BallIcon },
  { to: '/promotions', label: 'โปรโมชั่น', Icon: GiftIcon },
];

/** The member menu of docs/rules/member-site.md §2, in its order. */
export const memberMenu: NavItem[] = [
  { to: '/member/profile', label: 'ข้อมูลส่วนตัว', Icon: UserIcon },
  { to: '/affiliate', label: 'แนะนำเพื่อน', Icon: UsersIcon },
  { to: '/member/creditfree', label: 'ภารกิจ', Icon: TargetIcon },
  { to: '/member/wheel', label: 'หมุนกงล้อ', Icon: WheelIcon },
  { to: '/redeem', label: 'ร้านค้าแลกพอยท์', Icon: ShopIcon },
  { to: '/cashback', label: 'คืนยอดเสียรายวัน', Icon: CashbackIcon },
  { to: '/member/winloss', label: 'คืนยอดได้เสีย', Icon: TrendIcon },
  { to: '/promotions', label: 'รับโปรโมชั่น', Icon: GiftIcon },
  { to: '/member/coupon', label: 'ใช้คูปอง', Icon: TicketIcon },
  { to: '/member/statement', label: 'ประวัติการเงิน', Icon: ReceiptIcon },
  { to: '/sooth', label: 'สูตรบาคาร่า', Icon: CardsIcon },
  // Player protection (docs/rules/protection.md), an addition to the menu of docs/rules/member-site.md §2.
  { to: '/member/protection', label: 'เล่นอย่างรับผิดชอบ', Icon: ShieldIcon },
];

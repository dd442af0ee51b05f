import type { pointKinds } from '@chok/contract/api/points';

type PointKindName = (typeof pointKinds)[number];

/** Thai labels of the point statement (docs/rules/engagement.md §7). */
export const pointKindLabels: Record<PointKindName, string> = {
  accrual: 'แต้มจากยอดเล่น',
  checkin: 'เช็คอินรายวัน',
  quest: 'รางวัลภารกิจ',
  wheel: 'รางวัลวงล้อ',
  wheel_spin: 'ใช้แต้มหมุนวงล้อ',
  shop: 'แลกของรางวัล',
  shop_refund: 'คืนแต้มจากการยกเลิก',
  adjustment: 'ปรับแต้มโดยเจ้าหน้าที่',
};

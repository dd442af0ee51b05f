import { DEFAULT_VOUCHERS } from '@chok/engine/engagement/shop';
import type { ModuleSeed } from '../../platform/module.ts';
import { changePoints } from '../points/service.ts';
import { insertItem, insertItemOnce, type NewItem } from './item-queries.ts';

/** What the default vouchers (docs/rules/engagement.md §8) are called on the member's screen. */
const voucherTexts: Record<string, { title: string; description: string; image: string }> = {
  'voucher-free-20': {
    title: 'เครดิตฟรี 20 บาท',
    description: 'ใช้ 500 แต้ม รับเครดิตฟรี 20 บาทเข้ากระเป๋าเครดิตฟรีทันที (ทำเทิร์น 5 เท่าก่อนถอน)',
    image: '/shop/voucher-free-20.webp',
  },
  'voucher-main-100': {
    title: 'เงินเข้ากระเป๋าหลัก 100 บาท',
    description: 'ใช้ 2,000 แต้ม รับเงิน 100 บาทเข้ากระเป๋าหลักทันที',
    image: '/shop/voucher-main-100.webp',
  },
};

/** Demo points for trying the shop (README): the rich demo member and the one without money. */
const demoPoints: Record<string, number> = { '0811111111': 3_000, '0833333333': 2_500 };

/** Demo goods with stock, for trying orders and the operator's shipping. */
const demoGoods: NewItem[] = [
  {
    kind: 'goods',
    title: 'แก้วเก็บความเย็นโชค',
    description: 'แก้วสแตนเลสเก็บความเย็น 20 ออนซ์ ลายโชค จัดส่งฟรีทั่วไทยภายใน 7 วันทำการ',
    image: '/shop/goods-tumbler.webp',
    price_points: 1_200,
    stock: 5,
    sort_order: 10,
  },
  {
    kind: 'goods',
    title: 'เสื้อยืดโชค',
    description: 'เสื้อยืดคอกลม ผ้าคอตตอน 100% ระบุไซซ์ในหมายเหตุ (S–XL) จัดส่งฟรีทั่วไทย',
    image: '/shop/goods-tshirt.webp',
    price_points: 3_000,
    stock: 20,
    sort_order: 11,
  },
];

/**
 * Always: the two default vouchers (500 points → 20 baht free credit; 2,000 points → 100 baht main),
 * once each. Demo: two goods items with stock, and points for two demo members.
 */
export const shopSeed: ModuleSeed = {
  name: 'shop',
  async run(tx, { demo, memberIds }) {
    for (const [i, v] of DEFAULT_VOUCHERS.entries()) {
      if (v.kind !== 'voucher') continue;
      const text = voucherTexts[v.id];
      if (!text) throw new Error(`no Thai title for the default voucher ${v.id}`);
      await insertItemOnce(tx, {
        code: v.id,
        kind: 'voucher',
        ...text,
        price_points: v.pricePoints,
        voucher_wallet: v.wallet,
        voucher_satang: v.credit,
        stock: v.stock,
        sort_order: i + 1,
      });
    }
    if (!demo) return;
    for (const goods of demoGoods) await insertItem(tx, goods);
    for (const [phone, amount] of Object.entries(demoPoints)) {
      const memberId = memberIds?.[phone];
      if (memberId === undefined) continue;
      await changePoints(tx, {
        memberId,
        amount,
        kind: 'adjustment',
        reference: 'แต้มทดลองสำหรับบัญชีตัวอย่าง',
        key: `seed:demo:points:${memberId}`,
      });
    }
  },
};

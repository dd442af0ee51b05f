import type { MarketSchedule } from '@chok/engine/lotto/schedule';
import type { DeriveRule } from '@chok/engine/lotto/types';
import { defaultRates, defaultYeekee, type RateTable, type YeekeeSettings } from './settings.ts';

export interface MarketDefinition {
  code: string;
  name: string;
  category_id: string;
  derive_rule: DeriveRule;
  schedule: MarketSchedule;
  rates: RateTable;
  yeekee?: YeekeeSettings;
  rule_text: string;
  auto_refund_no_result?: boolean;
  sealed_close?: boolean;
}

export const categories = [
  { id: 'thai', name: 'หวยไทย', sort_order: 1 },
  { id: 'yeekee', name: 'หวยยี่กี', sort_order: 2 },
  { id: 'foreign', name: 'หวยต่างประเทศ', sort_order: 3 },
  { id: 'stock', name: 'หวยหุ้น', sort_order: 4 },
] as const;

const DAY = 24 * 60;
const weekdays = [1, 2, 3, 4, 5];
const common =
  'ราคาจ่ายเป็นบาทละ ยอดแทงขั้นต่ำและสูงสุดต่อรายการตามตารางอัตราจ่าย เลขอั้นอาจปิดรับหรือจ่ายลดตามประกาศของงวด ' +
  'ชนะรางวัลได้รับ เงินแทง × อัตราจ่าย (ไม่คืนเงินแทง) หากไม่มีผลรางวัลภายใน 1 ชั่วโมงหลังเวลาออกผล งวดอาจถูกยกเลิกและคืนเงินเต็มจำนวน';

const stock = (
  code: string,
  name: string,
  close: string,
  result: string,
  extra: Partial<MarketSchedule> = {},
) =>
  ({
    code,
    name,
    category_id: 'stock',
    derive_rule: 'stock',
    schedule: {
      type: 'weekly',
      weekdays,
      close,
      result,
      open_before_minutes: 20 * 60,
      ...extra,
    } as MarketSchedule,
    rates: defaultRates('regular'),
    rule_text:
      `${name}: 3 ตัวบน = หลักหน่วยของดัชนีปิดตามด้วยทศนิยม 2 ตำแหน่ง, 2 ตัวบน = ทศนิยม 2 ตำแหน่งของดัชนีปิด, ` +
      `2 ตัวล่าง = ทศนิยม 2 ตำแหน่งของค่าเปลี่ยนแปลง (ไม่คิดเครื่องหมาย) เช่น ปิด 38,654.21 เปลี่ยนแปลง −123.56 ได้ 421 / 21 / 56 ` +
      `ปิดรับ ${close} น. วันทำการของตลาด ${common}`,
    auto_refund_no_result: true,
  }) satisfies MarketDefinition;

const hanoi = (code: string, name: string, close: string, result: string) =>
  ({
    code,
    name,
    category_id: 'foreign',
    derive_rule: 'hanoi',
    schedule: {
      type: 'weekly',
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      close,
      result,
      open_before_minutes: DAY - 60,
    },
    rates: defaultRates('regular'),
    rule_text: `${name}: 3 ตัวบน = 3 ตัวท้ายของรางวัลพิเศษ, 2 ตัวล่าง = 2 ตัวท้ายของรางวัลที่ 1 ปิดรับ ${close} น. ทุกวัน ${common}`,
    auto_refund_no_result: true,
  }) satisfies MarketDefinition;

/** The markets of docs/rules/lottery.md §5, seeded for every operator; every value is editable per market. */
export const marketDefinitions: MarketDefinition[] = [
  {
    code: 'glo',
    name: 'หวยรัฐบาลไทย',
    category_id: 'thai',
    derive_rule: 'glo',
    schedule: {
      type: 'monthly',
      dates: [1, 16],
      shifts: [
        { from: '01-01', to: '12-30' },
        { from: '01-16', to: '01-17' },
        { from: '05-01', to: '05-02' },
      ],
      close: '15:20',
      result: '16:00',
      open_before_minutes: 13 * DAY,
    },
    rates: defaultRates('glo'),
    rule_text:
      'สลากกินแบ่งรัฐบาล ออกรางวัลวันที่ 1 และ 16 ของทุกเดือน (1 ม.ค. เลื่อนเป็น 30 ธ.ค., 16 ม.ค. เป็น 17 ม.ค., 1 พ.ค. เป็น 2 พ.ค.) ' +
      'ปิดรับ 15:20 น. ของวันออกรางวัล 3 ตัวบน = 3 ตัวท้ายของรางวัลที่ 1, 3 ตัวหน้า และ 3 ตัวหลัง อย่างละ 2 รางวัล, ' +
      `2 ตัวล่าง = รางวัลเลขท้าย 2 ตัว ${common}`,
  },
  {
    code: 'baac',
    name: 'หวย ธ.ก.ส.',
    category_id: 'thai',
    derive_rule: 'baac7',
    schedule: {
      type: 'monthly',
      dates: [16],
      close: '09:00',
      result: '09:30',
      open_before_minutes: 13 * DAY,
    },
    rates: defaultRates('regular'),
    rule_text: `สลาก ธ.ก.ส. ออกทุกวันที่ 16 ปิดรับ 09:00 น. รางวัลที่ 1 มี 7 หลัก: 3 ตัวบน = 3 ตัวท้าย, 2 ตัวล่าง = หลักที่ 3–4 เช่น 4273157 ได้ 157 / 73 ${common}`,
  },
  {
    code: 'gsb',
    name: 'หวยออมสิน',
    category_id: 'thai',
    derive_rule: 'gsb2',
    schedule: {
      type: 'monthly',
      dates: [1, 16],
      close: '12:30',
      result: '14:00',
      open_before_minutes: 13 * DAY,
    },
    rates: defaultRates('regular'),
    rule_text: `สลากออมสิน ออกวันที่ 1 และ 16 ปิดรับ 12:30 น. 3 ตัวบน = 3 ตัวท้ายของงวดที่ 1, 2 ตัวล่าง = 2 ตัวท้ายของงวดที่ 2 ${common}`,
  },
  {
    code: 'yeekee',
    name: 'หวยยี่กี',
    category_id: 'yeekee',
    derive_rule: 'yeekee',
    schedule: {
      type: 'yeekee',
      rounds: 88,
      first_close: '06:00',
      interval_minutes: 15,
      open: '05:00',
      shoot_extra_minutes: 2,
    },
    rates: defaultRates('yeekee'),
    yeekee: defaultYeekee,
    // A secret offset and salt committed at open, revealed after close (docs/rules/lottery.md §9).
    sealed_close: true,
    rule_text:
      'หวยยี่กีออกผลวันละ 88 รอบ ทุก 15 นาที รอบแรกปิดรับ 06:00 น. ยิงเลขได้จนถึง 2 นาทีหลังปิดรับ ' +
      'ผลรางวัล: นำผลรวมของเลขที่ยิงทั้งหมดลบด้วยเลขที่ยิงลำดับที่ 16 นับจากลำดับสุดท้าย แล้วเอา 5 หลักท้าย ' +
      '3 ตัวบน = 3 หลักท้าย, 2 ตัวบน = 2 หลักท้าย, 2 ตัวล่าง = 2 หลักแรก รอบที่มีผู้ยิงเลขน้อยกว่า 20 ครั้งถือเป็นโมฆะและคืนเงินทุกโพย ' +
      'ผู้ยิงลำดับที่ 16 รับ 400 บาท ลำดับสุดท้ายรับ 200 บาท เมื่อแทงในรอบนั้นอย่างน้อย 100 บาท ' +
      'ระหว่างยิงเลขจะเห็นเฉพาะเลขของตนเองและจำนวนครั้ง เมื่อปิดรอบจะเผยแพร่รายการทั้งหมดพร้อมค่าแฮชให้ตรวจสอบได้ โพยยี่กียกเลิกไม่ได้',
  },
  {
    code: 'lao',
    name: 'หวยลาว',
    category_id: 'foreign',
    derive_rule: 'lao4',
    schedule: { type: 'weekly', weekdays, close: '20:00', result: '20:30', open_before_minutes: DAY - 60 },
    rates: defaultRates('regular'),
    rule_text: `หวยลาวพัฒนา ออกจันทร์–ศุกร์ ปิดรับ 20:00 น. ผล 4 หลัก: 3 ตัวบน = 3 ตัวท้าย, 2 ตัวล่าง = 2 ตัวแรก ${common}`,
    auto_refund_no_result: true,
  },
  hanoi('hanoi', 'หวยฮานอยปกติ', '18:00', '18:30'),
  hanoi('hanoi_special', 'หวยฮานอยพิเศษ', '17:00', '17:30'),
  hanoi('hanoi_vip', 'หวยฮานอย VIP', '19:00', '19:30'),
  stock('nikkei_am', 'นิเคอิ รอบเช้า', '09:20', '09:35'),
  stock('nikkei_pm', 'นิเคอิ รอบบ่าย', '12:50', '13:35'),
  stock('hangseng_am', 'ฮั่งเส็ง รอบเช้า', '10:55', '11:15'),
  stock('hangseng_pm', 'ฮั่งเส็ง รอบบ่าย', '14:55', '15:15'),
  stock('dowjones', 'ดาวโจนส์', '03:00', '04:00', { close_day_offset: 1 }),
];

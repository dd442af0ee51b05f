/**
 * Every action the server writes to the audit log, with how the operator console names it in Thai
 * ("จ่ายถอนเงิน", the raw key kept as a tooltip). The server's `appendAudit` takes only these keys
 * (its type), and apps/backoffice/test/audit-labels.test.ts reads the server's sources for keys
 * missing here: a new audited action needs its label first.
 */
export const auditActionLabels = {
  // staff accounts
  'staff.create': 'เพิ่มพนักงาน',
  'staff.role': 'เปลี่ยนบทบาทพนักงาน',
  'staff.deactivate': 'ปิดบัญชีพนักงาน',
  'staff.demo_locked': 'ล็อกบัญชีพนักงานทดลอง (เริ่มระบบจริง)',
  'staff.reactivate': 'เปิดบัญชีพนักงานอีกครั้ง',
  'staff.totp_reset': 'รีเซ็ตรหัสยืนยันตัวตน (TOTP) ของพนักงาน',
  'staff.password_reset': 'รีเซ็ตรหัสผ่านพนักงาน',
  'staff.password_change': 'พนักงานเปลี่ยนรหัสผ่านตัวเอง',
  // members
  'member.lock': 'ระงับบัญชีสมาชิก',
  'member.demo_locked': 'ระงับบัญชีสมาชิกทดลอง (เริ่มระบบจริง)',
  'member.unlock': 'ปลดระงับบัญชีสมาชิก',
  'member.note_add': 'เพิ่มบันทึกสมาชิก',
  'member.reset_otp': 'รีเซ็ตการขอ OTP ของสมาชิก',
  'connector.secret_set': 'บันทึกรหัสของการเชื่อมต่อบริการภายนอก',
  'connector.secret_remove': 'ลบรหัสของการเชื่อมต่อบริการภายนอก',
  'connector.test': 'ทดสอบส่งผ่านการเชื่อมต่อบริการภายนอก',
  'member.bank_update': 'แก้ไขบัญชีธนาคารสมาชิก',
  'member.withdraw_cap': 'ตั้งวงเงินถอนของสมาชิก',
  'line.link': 'สมาชิกเชื่อมบัญชี LINE',
  'line.unlink': 'สมาชิกยกเลิกการเชื่อม LINE',
  'line.notify_settings': 'สมาชิกตั้งค่าการแจ้งเตือนทาง LINE',
  'line.announcement': 'ส่งประกาศทาง LINE',
  // payments
  'payments.deposit_first_approval': 'อนุมัติรายการฝากขั้นแรก',
  'payments.deposit_confirmed': 'ยืนยันรายการฝาก',
  'payments.deposit_rejected': 'ปฏิเสธรายการฝาก',
  'payments.withdrawal_paid': 'จ่ายถอนเงิน',
  'payments.withdrawal_rejected': 'ปฏิเสธการถอนเงิน',
  'payments.withdrawal_review_released': 'ปล่อยรายการถอนที่รอตรวจสอบ',
  'payments.statement_import': 'นำเข้ารายการเดินบัญชี',
  'payments.line_assign_requested': 'ขอจับคู่รายการเดินบัญชีกับสมาชิก',
  'payments.line_assigned': 'จับคู่รายการเดินบัญชีกับสมาชิก',
  'payments.line_ignored': 'ข้ามรายการเดินบัญชี',
  'payments.settings': 'แก้ไขตั้งค่าการเงิน',
  'payments.channel': 'แก้ไขช่องทางชำระเงิน',
  'payments.promptpay_create': 'เพิ่มบัญชีพร้อมเพย์',
  'payments.promptpay_update': 'แก้ไขบัญชีพร้อมเพย์',
  'payments.sandbox': 'เปิด/ปิดช่องทางชำระเงินทดลอง',
  'wallet.withdrawal_freeze': 'ระงับการถอนของสมาชิก',
  'wallet.withdrawal_freeze_cleared': 'ยกเลิกการระงับการถอน',
  'withdrawal.request_for_excluded': 'ถอนเงินให้สมาชิกที่พักการเล่น',
  'ledger.mismatch': 'พบยอดบัญชีไม่ตรงกัน',
  // lottery
  'lotto.market.update': 'แก้ไขตลาดหวย',
  'lotto.round.open': 'เปิดงวดหวย',
  'lotto.round.close': 'ปิดรับงวดหวย',
  'lotto.round.cancel': 'ยกเลิกงวดหวย',
  'lotto.round.rates': 'ตั้งอัตราจ่ายของงวด',
  'lotto.number_limit.set': 'ตั้งเลขอั้น',
  'lotto.result.enter': 'ออกผลรางวัล',
  'lotto.result.correct': 'แก้ไขผลรางวัล',
  'lotto.result.propose': 'บันทึกผลรางวัลรอยืนยัน',
  'lotto.result.feed': 'รับผลรางวัลจากสำนักงานสลากฯ',
  'lotto.result.mismatch': 'ผลรางวัลไม่ตรงกัน รอตรวจสอบ',
  'lotto.round.reopen': 'เปิดรับแทงงวดหวยอีกครั้ง',
  'lotto.template.save': 'บันทึกแม่แบบอัตราจ่ายและเลขอั้น',
  'lotto.template.delete': 'ลบแม่แบบอัตราจ่ายและเลขอั้น',
  // games
  'games.provider_update': 'แก้ไขค่ายเกม',
  'games.game_update': 'แก้ไขเกม',
  'games.seed_rotate': 'เปลี่ยนชุดค่าสุ่มของเกม',
  // rewards
  'promotion.create': 'สร้างโปรโมชั่น',
  'promotion.new_version': 'แก้ไขโปรโมชั่น (เวอร์ชันใหม่)',
  'promotion.end': 'ปิดโปรโมชั่น',
  'coupon.campaign_create': 'สร้างโค้ดแคมเปญคูปอง',
  'coupon.personal_create': 'สร้างโค้ดคูปองส่วนตัว',
  'coupon.campaign_disable': 'ปิดแคมเปญคูปอง',
  'coupon.code_disable': 'ปิดโค้ดคูปอง',
  'cashback.rerun': 'คำนวณคืนยอดเสียใหม่',
  'affiliate_commission.rerun': 'คำนวณค่าแนะนำเพื่อนใหม่',
  'reward_setting.update': 'แก้ไขตั้งค่ารางวัล',
  'reward_hold.release': 'อนุมัติรางวัลที่รอตรวจสอบ',
  'reward_hold.reject': 'ไม่อนุมัติรางวัลที่รอตรวจสอบ',
  'reward_hold.first_approval': 'อนุมัติรางวัลที่รอตรวจสอบ (คนแรก)',
  'quest.create': 'สร้างภารกิจ',
  'quest.update': 'แก้ไขภารกิจ',
  'wheel_version.create': 'แก้ไขวงล้อรางวัล (เวอร์ชันใหม่)',
  'shop_item.create': 'เพิ่มสินค้าร้านแลกแต้ม',
  'shop_item.update': 'แก้ไขสินค้าร้านแลกแต้ม',
  'shop_item.stock': 'ปรับจำนวนสินค้าร้านแลกแต้ม',
  'shop_order.ship': 'จัดส่งของรางวัล',
  'shop_order.deliver': 'ส่งของรางวัลถึงแล้ว',
  'shop_order.cancel': 'ยกเลิกคำสั่งแลกของรางวัล',
  'poll.create': 'สร้างโพล',
  'poll.open': 'เปิดโหวต',
  'poll.close': 'ปิดโหวต',
  'poll.result': 'ประกาศผลโพล',
  // content
  'agent.update': 'แก้ไขโลโก้และช่องทางติดต่อ',
  'content.create': 'เพิ่มเนื้อหา (ประกาศ แบนเนอร์ กิจกรรม)',
  'content.update': 'แก้ไขเนื้อหา (ประกาศ แบนเนอร์ กิจกรรม)',
} as const;

export type AuditAction = keyof typeof auditActionLabels;

/** The Thai name of an audit action; a key not known here (an older server) is shown as it is. */
export function auditActionLabel(action: string): string {
  return (auditActionLabels as Record<string, string>)[action] ?? action;
}

/** What an audit record is about (its `entity`), in Thai. */
export const auditEntityLabels: Record<string, string> = {
  affiliate_run: 'รอบคำนวณค่าแนะนำเพื่อน',
  agent: 'ข้อมูลเว็บ',
  agent_bank_account: 'บัญชีธนาคารรับเงิน',
  agent_true_money_account: 'ทรูมันนี่วอลเล็ทรับเงิน',
  banner: 'แบนเนอร์',
  cashback_day: 'คืนยอดเสียรายวัน',
  coupon: 'โค้ดคูปอง',
  coupon_campaign: 'แคมเปญคูปอง',
  deposit_request: 'รายการฝาก',
  event: 'กิจกรรม',
  fair_seed: 'ชุดค่าสุ่ม',
  game: 'เกม',
  game_provider: 'ค่ายเกม',
  ledger: 'บัญชีแยกประเภท',
  lotto_market: 'ตลาดหวย',
  lotto_round: 'งวดหวย',
  lotto_template: 'แม่แบบหวย',
  member: 'สมาชิก',
  member_line_link: 'การเชื่อม LINE',
  notification: 'ประกาศ',
  payment_channel: 'ช่องทางชำระเงิน',
  payment_setting: 'ตั้งค่าการเงิน',
  poll: 'โพล',
  promotion: 'โปรโมชั่น',
  promptpay_account: 'บัญชีพร้อมเพย์',
  quest: 'ภารกิจ',
  reward_claim: 'รางวัล',
  reward_setting: 'ตั้งค่ารางวัล',
  shop_item: 'สินค้าร้านแลกแต้ม',
  shop_order: 'คำสั่งแลกของรางวัล',
  staff: 'พนักงาน',
  statement_import: 'ไฟล์รายการเดินบัญชี',
  statement_line: 'รายการเดินบัญชี',
  wheel_version: 'วงล้อรางวัล',
  withdrawal: 'รายการถอน',
};

export function auditEntityLabel(entity: string): string {
  return auditEntityLabels[entity] ?? entity;
}

/** Thai names of the connectors' kinds and credentials (the console shows no English words). */
export const kindLabel: Record<string, string> = {
  sms: 'ส่ง SMS',
  line: 'ไลน์',
  payment: 'รับชำระเงิน',
  wallet: 'วอลเล็ท',
  relay: 'รับแจ้งเตือนธนาคาร',
  games: 'ผู้ให้บริการเกม',
  results: 'ผลรางวัล',
};

const secretLabels: Record<string, string> = {
  api_key: 'คีย์ของบัญชี',
  api_secret: 'รหัสลับของบัญชี',
  account_sid: 'รหัสบัญชี',
  auth_token: 'โทเคนยืนยันตัวตน',
  biller_id: 'รหัสผู้รับชำระของร้านค้า',
  ref3_prefix: 'คำนำหน้าเลขอ้างอิงที่ 3',
  webhook_secret: 'รหัสลับของเว็บฮุค',
  hmac_secret: 'รหัสลับสำหรับลงลายมือชื่อ',
  channel_access_token: 'โทเคนของช่องทาง',
  channel_secret: 'รหัสลับของช่องทาง',
  api_url: 'ที่อยู่ของระบบผู้ให้บริการ',
  operator_id: 'รหัสผู้ให้บริการของเรา',
  public_key: 'กุญแจสาธารณะของผู้ให้บริการ',
  private_key: 'กุญแจส่วนตัวของเรา',
};

export const secretLabel = (name: string) => secretLabels[name] ?? name;

export const sourceLabel: Record<string, string> = {
  env: 'ตั้งจากเซิร์ฟเวอร์',
  console: 'บันทึกจากหน้านี้',
  unset: 'ยังไม่ได้ตั้ง',
};

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
};

export const secretLabel = (name: string) => secretLabels[name] ?? name;

export const sourceLabel: Record<string, string> = {
  env: 'ตั้งจากเซิร์ฟเวอร์',
  console: 'บันทึกจากหน้านี้',
  unset: 'ยังไม่ได้ตั้ง',
};

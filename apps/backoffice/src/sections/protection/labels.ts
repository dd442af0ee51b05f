/** Thai labels of player protection (docs/rules/protection.md). */
export const CHOICE: Record<string, string> = {
  '1d': '1 วัน',
  '7d': '7 วัน',
  '30d': '30 วัน',
  '6m': '6 เดือน',
  '1y': '1 ปี',
  '5y': '5 ปี',
  permanent: 'ถาวร',
};
export const BLOCK: Record<string, string> = { timeout: 'พักการเล่น', exclusion: 'ระงับการเล่นด้วยตนเอง' };
export const KIND: Record<string, string> = { deposit: 'วงเงินฝากสูงสุด', loss: 'วงเงินเสียสูงสุด' };
export const PERIOD: Record<string, string> = { day: 'รายวัน', week: 'รายสัปดาห์', month: 'รายเดือน' };
export const STATES = [
  { value: 'any', label: 'ทั้งหมด' },
  { value: 'limits', label: 'ตั้งวงเงิน' },
  { value: 'reality_check', label: 'แจ้งเตือนเวลาเล่น' },
  { value: 'timeout', label: 'กำลังพักการเล่น' },
  { value: 'exclusion', label: 'ระงับการเล่นด้วยตนเอง' },
] as const;

import { BUDDHIST_ERA, THAI_MONTHS_SHORT } from '@chok/engine/thai-calendar';

/**
 * The Thai texts of LINE messages (docs/rules/connectors.md §5). A member reads Thai only; a balance
 * appears only when the member chose to see it.
 */
const thb = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Satang as "1,234.50". */
export const baht = (satang: number) => thb.format(satang / 100);

const balanceLine = (balanceSatang: number | undefined) =>
  balanceSatang === undefined ? '' : `\nยอดเงินคงเหลือ ${baht(balanceSatang)} บาท`;

export function depositText(amountSatang: number, balanceSatang?: number): string {
  return `โชค: ฝากเงิน ${baht(amountSatang)} บาท เข้าบัญชีของคุณเรียบร้อยแล้ว${balanceLine(balanceSatang)}`;
}

export function withdrawalText(amountSatang: number, balanceSatang?: number): string {
  return `โชค: โอนเงินถอน ${baht(amountSatang)} บาท เข้าบัญชีธนาคารของคุณเรียบร้อยแล้ว${balanceLine(balanceSatang)}`;
}

export function billText(b: {
  billId: number;
  marketName: string;
  drawDate: string;
  won: boolean;
  winSatang: number;
  stakeSatang: number;
}): string {
  const head = `โชค: โพยเลขที่ ${b.billId} ${b.marketName} งวด ${thaiDate(b.drawDate)}`;
  return b.won
    ? `${head}\nถูกรางวัล ${baht(b.winSatang)} บาท เงินรางวัลเข้าบัญชีของคุณแล้ว`
    : `${head}\nไม่ถูกรางวัล (ยอดแทง ${baht(b.stakeSatang)} บาท)`;
}

export function resultText(r: { marketName: string; drawDate: string; lines: string[] }): string {
  return [`โชค: ผล${r.marketName} งวด ${thaiDate(r.drawDate)}`, ...r.lines].join('\n');
}

export function announcementText(text: string): string {
  return `โชค: ประกาศ\n${text}`;
}

export const TEST_TEXT = 'โชค: ข้อความทดสอบการเชื่อมต่อไลน์ หากคุณได้รับข้อความนี้ แสดงว่าการส่งข้อความทำงานปกติ';

/** "2026-12-16" as "16 ธ.ค. 2569" (Buddhist era). */
export function thaiDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return isoDate;
  return `${d} ${THAI_MONTHS_SHORT[m - 1]} ${y + BUDDHIST_ERA}`;
}

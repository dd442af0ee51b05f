/** Thai labels of the payments section. */
export const depositStatusOptions = [
  { value: '', label: 'รอดำเนินการ (รอโอน/รอตรวจสอบ)' },
  { value: 'open', label: 'รอโอน' },
  { value: 'review', label: 'รอตรวจสอบยอด' },
  { value: 'paid', label: 'สำเร็จ' },
  { value: 'rejected', label: 'ปฏิเสธ' },
  { value: 'expired', label: 'หมดอายุ' },
  { value: 'cancelled', label: 'ยกเลิก' },
] as const;

export const withdrawalStatusOptions = [
  { value: '', label: 'รอดำเนินการ (รอจ่าย/รอตรวจสอบ)' },
  { value: 'pending', label: 'รอจ่าย' },
  { value: 'review', label: 'รอตรวจสอบ' },
  { value: 'paid', label: 'จ่ายแล้ว' },
  { value: 'rejected', label: 'ปฏิเสธ' },
] as const;

export const lineStatusOptions = [
  { value: 'unmatched', label: 'ยังไม่จับคู่' },
  { value: 'matched', label: 'จับคู่แล้ว' },
  { value: 'assigned', label: 'กำหนดเองแล้ว' },
  { value: 'ignored', label: 'ละเว้น' },
  { value: 'twin', label: 'ซ้ำกับรายการจากช่องทางอื่น' },
] as const;

/** Where a credit line came from (docs/rules/payments.md §3.2, §3.5, §3.6). */
export const lineSourceLabels = {
  import: 'ไฟล์ Statement',
  wallet_webhook: 'เว็บฮุคทรูมันนี่',
  relay: 'ข้อความแจ้งเตือนธนาคาร',
  gateway: 'เกตเวย์ชำระเงิน',
} as const;

export const accountKindLabels = { bank: 'บัญชีธนาคาร', truemoney: 'ทรูมันนี่วอลเล็ท', gateway: 'เกตเวย์' } as const;

export const channelLabels: Record<number, string> = { 1: 'โอนผ่านธนาคาร', 2: 'ทรูมันนี่วอลเล็ท', 3: 'พร้อมเพย์ QR' };

export function statusTone(status: string): string {
  if (status === 'paid' || status === 'matched' || status === 'assigned' || status === 'twin')
    return 'badge badge-ok';
  if (status === 'rejected' || status === 'expired' || status === 'cancelled' || status === 'ignored')
    return 'badge badge-danger';
  return 'badge badge-warn';
}

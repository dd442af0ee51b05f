/** Banks a member may register with, keyed by Bank of Thailand code (docs/rules/payments.md §4). */
export interface Bank {
  code: string;
  short: string;
  name: string;
  /** The usual account-number length; other lengths get a warning, never a refusal. */
  usualLength: number;
  /** The bank's colour: the badge (its logo) both the member site and the console draw. */
  color: string;
}

export const banks: readonly Bank[] = [
  { code: '002', short: 'BBL', name: 'ธนาคารกรุงเทพ', usualLength: 10, color: '#1e4598' },
  { code: '004', short: 'KBANK', name: 'ธนาคารกสิกรไทย', usualLength: 10, color: '#138f2d' },
  { code: '006', short: 'KTB', name: 'ธนาคารกรุงไทย', usualLength: 10, color: '#1ba5e1' },
  { code: '011', short: 'TTB', name: 'ธนาคารทหารไทยธนชาต', usualLength: 10, color: '#1279be' },
  { code: '014', short: 'SCB', name: 'ธนาคารไทยพาณิชย์', usualLength: 10, color: '#4e2e7f' },
  { code: '022', short: 'CIMBT', name: 'ธนาคารซีไอเอ็มบี ไทย', usualLength: 10, color: '#7e2f36' },
  { code: '024', short: 'UOBT', name: 'ธนาคารยูโอบี', usualLength: 10, color: '#0b3979' },
  { code: '025', short: 'BAY', name: 'ธนาคารกรุงศรีอยุธยา', usualLength: 10, color: '#fec43b' },
  { code: '030', short: 'GSB', name: 'ธนาคารออมสิน', usualLength: 12, color: '#eb198d' },
  { code: '033', short: 'GHB', name: 'ธนาคารอาคารสงเคราะห์', usualLength: 12, color: '#f57d23' },
  { code: '034', short: 'BAAC', name: 'ธนาคารเพื่อการเกษตรฯ (ธ.ก.ส.)', usualLength: 12, color: '#4b9b1d' },
  { code: '066', short: 'ISBT', name: 'ธนาคารอิสลามแห่งประเทศไทย', usualLength: 10, color: '#184615' },
  { code: '067', short: 'TISCO', name: 'ธนาคารทิสโก้', usualLength: 10, color: '#12549f' },
  { code: '069', short: 'KKP', name: 'ธนาคารเกียรตินาคินภัทร', usualLength: 10, color: '#199cc5' },
  { code: '070', short: 'ICBCT', name: 'ธนาคารไอซีบีซี (ไทย)', usualLength: 10, color: '#c50f1c' },
  { code: '071', short: 'TCRB', name: 'ธนาคารไทยเครดิต', usualLength: 10, color: '#ff6a00' },
  { code: '073', short: 'LHB', name: 'ธนาคารแลนด์ แอนด์ เฮ้าส์', usualLength: 10, color: '#6d6e71' },
];

export function findBank(code: string): Bank | undefined {
  return banks.find((b) => b.code === code);
}

/** A bank's colour by code; a grey for a code not in the list. */
export function bankColor(code: string | null | undefined): string {
  return (code && findBank(code)?.color) || '#3a3a48';
}

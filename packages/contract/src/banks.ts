/** Banks a member may register with, keyed by Bank of Thailand code (docs/rules/payments.md §4). */
export interface Bank {
  code: string;
  short: string;
  name: string;
  /** The usual account-number length; other lengths get a warning, never a refusal. */
  usualLength: number;
}

export const banks: readonly Bank[] = [
  { code: '002', short: 'BBL', name: 'ธนาคารกรุงเทพ', usualLength: 10 },
  { code: '004', short: 'KBANK', name: 'ธนาคารกสิกรไทย', usualLength: 10 },
  { code: '006', short: 'KTB', name: 'ธนาคารกรุงไทย', usualLength: 10 },
  { code: '011', short: 'TTB', name: 'ธนาคารทหารไทยธนชาต', usualLength: 10 },
  { code: '014', short: 'SCB', name: 'ธนาคารไทยพาณิชย์', usualLength: 10 },
  { code: '022', short: 'CIMBT', name: 'ธนาคารซีไอเอ็มบี ไทย', usualLength: 10 },
  { code: '024', short: 'UOBT', name: 'ธนาคารยูโอบี', usualLength: 10 },
  { code: '025', short: 'BAY', name: 'ธนาคารกรุงศรีอยุธยา', usualLength: 10 },
  { code: '030', short: 'GSB', name: 'ธนาคารออมสิน', usualLength: 12 },
  { code: '033', short: 'GHB', name: 'ธนาคารอาคารสงเคราะห์', usualLength: 12 },
  { code: '034', short: 'BAAC', name: 'ธนาคารเพื่อการเกษตรฯ (ธ.ก.ส.)', usualLength: 12 },
  { code: '066', short: 'ISBT', name: 'ธนาคารอิสลามแห่งประเทศไทย', usualLength: 10 },
  { code: '067', short: 'TISCO', name: 'ธนาคารทิสโก้', usualLength: 10 },
  { code: '069', short: 'KKP', name: 'ธนาคารเกียรตินาคินภัทร', usualLength: 10 },
  { code: '070', short: 'ICBCT', name: 'ธนาคารไอซีบีซี (ไทย)', usualLength: 10 },
  { code: '071', short: 'TCRB', name: 'ธนาคารไทยเครดิต', usualLength: 10 },
  { code: '073', short: 'LHB', name: 'ธนาคารแลนด์ แอนด์ เฮ้าส์', usualLength: 10 },
];

export function findBank(code: string): Bank | undefined {
  return banks.find((b) => b.code === code);
}

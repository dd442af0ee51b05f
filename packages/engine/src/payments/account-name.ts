/**
 * The bank-account name check of docs/rules/payments.md §4: the name a member registered (the account
 * holder's ชื่อ-นามสกุล) must be the name the bank shows for the account on the first payout. Banks
 * show the same person with or without a title, with other spacing or letter case; those differences
 * do not make another person, anything else does.
 */
const TITLES = [
  'นางสาว',
  'นาง',
  'นาย',
  'น.ส.',
  'ด.ช.',
  'ด.ญ.',
  'เด็กชาย',
  'เด็กหญิง',
  'mrs.',
  'mrs',
  'mr.',
  'mr',
  'miss',
  'ms.',
  'ms',
];

/** The name without a leading title, spaces, dots and letter case (NFC). */
export function accountNameKey(name: string): string {
  let n = name.normalize('NFC').trim().toLowerCase();
  for (const title of TITLES) {
    if (n.startsWith(title)) {
      n = n.slice(title.length);
      break;
    }
  }
  return n.replace(/[\s.]+/g, '');
}

/** Whether two account names name the same holder (docs/rules/payments.md §4). */
export function sameAccountName(registered: string, shownByBank: string): boolean {
  const a = accountNameKey(registered);
  return a.length > 0 && a === accountNameKey(shownByBank);
}

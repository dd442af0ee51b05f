/** The eight bet types of docs/rules/lottery.md §2, in display order. */
export const betTypes = [
  'three_top',
  'three_tod',
  'three_front',
  'three_back',
  'two_top',
  'two_bottom',
  'run_top',
  'run_bottom',
] as const;
export type BetType = (typeof betTypes)[number];

/** Digits a number of each bet type has. */
export const betTypeDigits: Record<BetType, 1 | 2 | 3> = {
  three_top: 3,
  three_tod: 3,
  three_front: 3,
  three_back: 3,
  two_top: 2,
  two_bottom: 2,
  run_top: 1,
  run_bottom: 1,
};

export const betTypeLabels: Record<BetType, string> = {
  three_top: '3 ตัวบน',
  three_tod: '3 ตัวโต๊ด',
  three_front: '3 ตัวหน้า',
  three_back: '3 ตัวล่าง',
  two_top: '2 ตัวบน',
  two_bottom: '2 ตัวล่าง',
  run_top: 'วิ่งบน',
  run_bottom: 'วิ่งล่าง',
};

/** The normalised result settlement reads (docs/rules/lottery.md §1). */
export interface RoundResult {
  first?: string;
  top3: string;
  top2: string;
  bottom2: string;
  front3?: [string, string];
  back3?: [string, string];
}

export const deriveRules = ['glo', 'baac7', 'gsb2', 'lao4', 'hanoi', 'stock', 'yeekee'] as const;
export type DeriveRule = (typeof deriveRules)[number];

export function isValidNumber(betType: BetType, number: string): boolean {
  return new RegExp(`^[0-9]{${betTypeDigits[betType]}}$`).test(number);
}

/** The settlement key of a three_tod number: its digits sorted (docs/rules/lottery.md §2.4). */
export function todKey(number: string): string {
  return [...number].sort().join('');
}

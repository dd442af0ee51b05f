import type { DeriveRule, RoundResult } from './types.ts';

/** An official output that does not fit its market's rule; `field` names the offending input. */
export class DeriveError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** The official output an operator enters, per derive rule (docs/rules/lottery.md §5). */
export type RawResult =
  | { rule: 'glo'; first: string; front3: [string, string]; back3: [string, string]; last2: string }
  | { rule: 'baac7'; first: string }
  | { rule: 'gsb2'; draw1: string; draw2: string }
  | { rule: 'lao4'; number: string }
  | { rule: 'hanoi'; special: string; first: string }
  | { rule: 'stock'; close: string; change: string }
  | { rule: 'yeekee'; r: string };

/** The Thai name of each input of an official output, for the operator's messages. */
const FIELD_LABELS: Record<string, string> = {
  first: 'รางวัลที่ 1',
  front3: 'เลขหน้า 3 ตัว',
  back3: 'เลขท้าย 3 ตัว',
  last2: 'เลขท้าย 2 ตัว',
  draw1: 'ผลออกรอบแรก',
  draw2: 'ผลออกรอบสอง',
  number: 'เลขที่ออก',
  special: 'รางวัลพิเศษ',
  close: 'ดัชนีปิด',
  change: 'ค่าเปลี่ยนแปลง',
  r: 'ผลยี่กี',
};
const labelOf = (field: string) => FIELD_LABELS[field] ?? 'ผลรางวัล';

function digits(field: string, value: unknown, min: number, max = min): string {
  if (typeof value !== 'string' || !new RegExp(`^[0-9]{${min},${max}}$`).test(value)) {
    const len = min === max ? `${min}` : `${min}–${max}`;
    throw new DeriveError(field, `${labelOf(field)} ต้องเป็นตัวเลข ${len} หลัก`);
  }
  return value;
}

/** "38,654.21" / "-123.56" / "+96.40": exactly two decimals, optional sign and thousands commas. */
function decimal2(field: string, value: unknown): { units: string; decimals: string } {
  const m =
    typeof value === 'string' ? /^[+-]?([0-9]{1,3}(?:,[0-9]{3})*|[0-9]+)\.([0-9]{2})$/.exec(value) : null;
  if (!m?.[1] || !m[2]) throw new DeriveError(field, `${labelOf(field)} ต้องเป็นตัวเลขทศนิยม 2 ตำแหน่ง`);
  const whole = m[1].replaceAll(',', '');
  return { units: whole.slice(-1), decimals: m[2] };
}

function fromTop3(top3: string, bottom2: string, first?: string): RoundResult {
  return { ...(first !== undefined ? { first } : {}), top3, top2: top3.slice(1), bottom2 };
}

/** Maps a market's official output to the normalised result; throws DeriveError on a malformed output. */
export function deriveResult(rule: DeriveRule, raw: Record<string, unknown>): RoundResult {
  switch (rule) {
    case 'glo': {
      const first = digits('first', raw.first, 6);
      const front = raw.front3 as unknown[] | undefined;
      const back = raw.back3 as unknown[] | undefined;
      if (!Array.isArray(front) || front.length !== 2)
        throw new DeriveError('front3', `${labelOf('front3')} ต้องมี 2 รางวัล`);
      if (!Array.isArray(back) || back.length !== 2)
        throw new DeriveError('back3', `${labelOf('back3')} ต้องมี 2 รางวัล`);
      const front3: [string, string] = [digits('front3', front[0], 3), digits('front3', front[1], 3)];
      const back3: [string, string] = [digits('back3', back[0], 3), digits('back3', back[1], 3)];
      const bottom2 = digits('last2', raw.last2, 2);
      return { ...fromTop3(first.slice(-3), bottom2, first), front3, back3 };
    }
    case 'baac7': {
      const first = digits('first', raw.first, 7);
      return fromTop3(first.slice(-3), first.slice(2, 4), first);
    }
    case 'gsb2': {
      const draw1 = digits('draw1', raw.draw1, 3, 7);
      const draw2 = digits('draw2', raw.draw2, 2, 7);
      return fromTop3(draw1.slice(-3), draw2.slice(-2), draw1);
    }
    case 'lao4': {
      const n = digits('number', raw.number, 4);
      return fromTop3(n.slice(-3), n.slice(0, 2), n);
    }
    case 'hanoi': {
      const special = digits('special', raw.special, 5);
      const first = digits('first', raw.first, 5);
      return fromTop3(special.slice(-3), first.slice(-2), special);
    }
    case 'stock': {
      const close = decimal2('close', raw.close);
      const change = decimal2('change', raw.change);
      return fromTop3(close.units + close.decimals, change.decimals);
    }
    case 'yeekee': {
      const r = digits('r', raw.r, 5);
      return fromTop3(r.slice(-3), r.slice(0, 2), r);
    }
  }
}

/** True when `r` has the shape every RoundResult must have (field lengths, digits only). */
export function isWellFormedResult(r: RoundResult): boolean {
  const d = (s: string | undefined, n: number) => s !== undefined && new RegExp(`^[0-9]{${n}}$`).test(s);
  if (!d(r.top3, 3) || !d(r.top2, 2) || !d(r.bottom2, 2) || r.top2 !== r.top3.slice(1)) return false;
  if (r.front3 && !r.front3.every((x) => d(x, 3))) return false;
  if (r.back3 && !r.back3.every((x) => d(x, 3))) return false;
  return true;
}

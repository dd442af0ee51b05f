import { bangkokWallClock } from '@chok/engine/bangkok-calendar';
import { normaliseCounterparty } from '@chok/engine/payments/statement-match';
import { amountOf, counterpartyFromText, type ParsedLine, parseBangkokDateTime } from './templates.ts';

/**
 * The bank notifications the operator's phone relays (docs/rules/payments.md §3.6): one reader per bank
 * of the registration list (§4), each turning the text of a "money in" SMS or app notification into the
 * same line a statement file gives (ParsedLine), with the statement reader's own date, amount and
 * counterparty readers (templates.ts).
 *
 * The formats are EXAMPLES written in the shape Thai banks' notifications commonly take (date and time,
 * the receiving account masked, "เงินเข้า"/"รับโอน", the amount in baht, the sender masked); no bank
 * publishes its notification text, and banks change it. A text no reader recognises is refused (the
 * operator imports the statement instead), and the readers are tested on the example of each bank
 * below. Adding a bank's real format is adding one line to `bankTexts`.
 */
export interface BankText {
  /** Bank of Thailand code (packages/contract/src/banks.ts). */
  code: string;
  short: string;
  /** Named groups: amt (baht), d (date: dd/mm[/yy[yy]]), t (hh:mm), from (the sender, optional). */
  pattern: RegExp;
  /** A notification in this format, for the documentation and the tests. */
  example: string;
}

const AMT = String.raw`(?<amt>[0-9][0-9,]*\.[0-9]{2})`;
const DATE = '(?<d>[0-9]{1,2}[/-][0-9]{1,2}(?:[/-][0-9]{2,4})?)';
const TIME = '(?<t>[0-9]{1,2}[:.][0-9]{2})';
const FROM = String.raw`(?<from>[^\s]+)`;
const ACC = String.raw`[^\s]+`;

/** The shape most banks' "money in" notifications share: `<BANK> เงินเข้าบ/ช x1234 500.37บ จาก x6789 06/12/69 14:07`. */
function common(short: string): RegExp {
  return new RegExp(
    String.raw`^${short}:?\s*เงินเข้า\s*บ/ช\s*${ACC}\s+${AMT}\s*(?:บ\.?|บาท)\s+จาก\s*${FROM}\s+${DATE}\s+${TIME}`,
  );
}

export const bankTexts: readonly BankText[] = [
  {
    code: '004',
    short: 'KBANK',
    pattern: new RegExp(String.raw`^${DATE}\s+${TIME}\s+บช\s*${ACC}\s+รับโอนจาก\s*${FROM}\s+${AMT}\s*บ`),
    example: '06/12/69 14:07 บชX123456X รับโอนจากX678912X 500.37บ คงเหลือ 12,500.37บ',
  },
  {
    code: '014',
    short: 'SCB',
    pattern: new RegExp(String.raw`^(?<d>[0-9]{1,2}/[0-9]{1,2})@${TIME}\s+${AMT}\s+จาก${FROM}เข้า${ACC}`),
    example: '06/12@14:07 500.37 จากKBANK/x6789เข้าx1234 ใช้ได้12,500.37บ',
  },
  {
    code: '006',
    short: 'KTB',
    pattern: new RegExp(
      String.raw`^เงินเข้า\s+${AMT}\s*บ\.?\s+บ/ช\s*${ACC}\s+(?<d>[0-9]{1,2}-[0-9]{1,2}-[0-9]{2,4})@${TIME}\s+จาก\s*${FROM}`,
    ),
    example: 'เงินเข้า 500.37 บ. บ/ช XXX1234 06-12-69@14:07 จาก XXX6789 คงเหลือ 12,500.37 บ.',
  },
  {
    code: '002',
    short: 'BBL',
    pattern: new RegExp(String.raw`^ฝาก/โอนเงินเข้าบ/ช${ACC}\s+ผ่าน\S+\s+${AMT}บ\s+ใช้ได้\S+\s+${DATE}\s+${TIME}`),
    example: 'ฝาก/โอนเงินเข้าบ/ชX1234 ผ่านMB 500.37บ ใช้ได้12,500.37บ 06/12 14:07',
  },
  {
    code: '025',
    short: 'BAY',
    pattern: new RegExp(
      String.raw`^เงินเข้า\s+${AMT}\s*บ\.\s+เข้าบ/ช\s*${ACC}\s+จาก\s*${FROM}\s+${DATE}\s+${TIME}`,
    ),
    example: 'เงินเข้า 500.37 บ. เข้าบ/ช XXX1234 จาก XXX6789 06/12/69 14:07',
  },
  {
    code: '011',
    short: 'TTB',
    pattern: common('ttb'),
    example: 'ttb: เงินเข้าบ/ช XX1234 500.37 บ จาก XX6789 06/12/69 14:07 คงเหลือ 12,500.37 บ',
  },
  ...(
    [
      ['022', 'CIMBT'],
      ['024', 'UOBT'],
      ['030', 'GSB'],
      ['033', 'GHB'],
      ['034', 'BAAC'],
      ['066', 'ISBT'],
      ['067', 'TISCO'],
      ['069', 'KKP'],
      ['070', 'ICBCT'],
      ['071', 'TCRB'],
      ['073', 'LHB'],
    ] as const
  ).map(([code, short]) => ({
    code,
    short,
    pattern: common(short),
    example: `${short}: เงินเข้าบ/ช xx1234 500.37 บาท จาก xx6789 06/12/69 14:07`,
  })),
];

/**
 * `06/12`, `06/12/69`, `06-12-2026` with a time, as an instant (Asia/Bangkok). A date without a year is
 * taken in the year of `now` (Bangkok), or the year before when that would put it more than a day
 * ahead of `now` (a notification of 31/12 relayed on 1/1).
 */
function noticeTime(d: string, t: string, now: Date): Date | null {
  const parts = d.split(/[/-]/);
  if (parts.length === 3) return parseBangkokDateTime(d.replace(/-/g, '/'), t.replace('.', ':'));
  const year = bangkokWallClock(now).getUTCFullYear();
  for (const y of [year, year - 1]) {
    const at = parseBangkokDateTime(`${parts[0]}/${parts[1]}/${y}`, t.replace('.', ':'));
    if (at === null) return null;
    if (at.getTime() <= now.getTime() + 86_400_000) return at;
  }
  return null;
}

/** A relayed notification's credit line, or null when the text is no "money in" notice any reader knows. */
export function readBankText(
  text: string,
  now: Date,
  bankCode?: string | null,
): { bank: string; line: ParsedLine } | null {
  const clean = text.replace(/\s+/g, ' ').trim();
  // The receiving account's own bank first, then the others (a notification forwarded from another app).
  const readers = [...bankTexts].sort((a, b) => Number(b.code === bankCode) - Number(a.code === bankCode));
  for (const b of readers) {
    const m = b.pattern.exec(clean);
    const g = m?.groups;
    if (!g?.amt || !g.d || !g.t) continue;
    let amount: ReturnType<typeof amountOf>;
    try {
      amount = amountOf(g.amt);
    } catch {
      continue;
    }
    const minute = noticeTime(g.d, g.t, now);
    if (amount === null || amount <= 0 || minute === null) continue;
    // A notification shows the minute only. A request made in that same minute must still match
    // (created_at ≤ posted_at), so the line takes the end of the minute. It depends on the text alone,
    // so the same notice relayed twice is the same line (never the time it reached us).
    const postedAt = new Date(minute.getTime() + 59_000);
    const from = g.from ?? '';
    const party = counterpartyFromText(from);
    return {
      bank: b.code,
      line: {
        postedAt,
        amountSatang: amount,
        counterparty: party || normaliseCounterparty(from.replace(/[^0-9xX*•\-\s]/g, '')),
        bankRef: null,
        description: clean.slice(0, 300),
      },
    };
  }
  return null;
}

/** The Bangkok wall-clock of an instant as the `06/12/69 14:07` a notification shows (the stand-in's). */
export function noticeStamp(at: Date): { date: string; time: string } {
  const w = bangkokWallClock(at);
  const dd = String(w.getUTCDate()).padStart(2, '0');
  const mm = String(w.getUTCMonth() + 1).padStart(2, '0');
  const yy = String((w.getUTCFullYear() + 543) % 100).padStart(2, '0');
  const hh = String(w.getUTCHours()).padStart(2, '0');
  const mi = String(w.getUTCMinutes()).padStart(2, '0');
  return { date: `${dd}/${mm}/${yy}`, time: `${hh}:${mi}` };
}

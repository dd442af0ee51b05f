import { fromBangkok } from '@chok/engine/bangkok-calendar';
import { isBahtText, parseBaht, type Satang } from '@chok/engine/money';
import {
  MIN_VISIBLE_DIGITS,
  normaliseCounterparty,
  visibleDigits,
} from '@chok/engine/payments/statement-match';
import { parse } from 'csv-parse/sync';
import { AppError } from '../../platform/errors.ts';
import type { AccountKind } from './row-types.ts';

/** One credit line read from a statement file. */
export interface ParsedLine {
  postedAt: Date;
  amountSatang: Satang;
  counterparty: string;
  bankRef: string | null;
  description: string;
}

/**
 * A statement export's layout: which header names hold the posting time, amounts, counterparty and
 * reference. Times are Asia/Bangkok wall-clock; Buddhist-era years (> 2400) are converted.
 */
export interface StatementTemplate {
  code: string;
  name: string;
  accountKind: AccountKind;
  date: string;
  /** Absent when `date` holds date and time together. */
  time?: string;
  /** Separate credit/debit columns, or one signed amount with a direction column. */
  credit: string;
  debit?: string;
  direction?: { column: string; credit: readonly string[] };
  counterparty?: string;
  /** Pull the counterparty out of free text (the first run of 4+ digits/mask characters). */
  counterpartyFromText?: boolean;
  ref?: string;
  description?: string;
}

export const statementTemplates: readonly StatementTemplate[] = [
  {
    code: 'kbank',
    name: 'KBANK (K-BIZ) รายการเดินบัญชี CSV',
    accountKind: 'bank',
    date: 'วันที่',
    time: 'เวลา',
    credit: 'ฝากเงิน',
    debit: 'ถอนเงิน',
    counterparty: 'รายละเอียด',
    counterpartyFromText: true,
    ref: 'เลขที่อ้างอิง',
    description: 'รายละเอียด',
  },
  {
    code: 'scb',
    name: 'SCB Business Net statement CSV',
    accountKind: 'bank',
    date: 'Date',
    time: 'Time',
    credit: 'Deposit',
    debit: 'Withdrawal',
    counterparty: 'Description',
    counterpartyFromText: true,
    ref: 'Reference',
    description: 'Description',
  },
  {
    code: 'truemoney',
    name: 'TrueMoney Wallet ประวัติรายการ CSV',
    accountKind: 'truemoney',
    date: 'วันที่-เวลา',
    credit: 'จำนวนเงิน',
    direction: { column: 'ประเภท', credit: ['รับเงิน', 'in', 'credit'] },
    counterparty: 'จาก',
    ref: 'เลขที่รายการ',
  },
  {
    code: 'generic',
    name: 'ทั่วไป: posted_at, amount, direction, counterparty, bank_ref',
    accountKind: 'bank',
    date: 'posted_at',
    credit: 'amount',
    direction: { column: 'direction', credit: ['in', 'credit', 'cr', 'c', '+'] },
    counterparty: 'counterparty',
    ref: 'bank_ref',
    description: 'description',
  },
  {
    code: 'sandbox',
    name: 'Sandbox gateway settlement report CSV',
    accountKind: 'gateway',
    date: 'paid_at',
    credit: 'amount',
    direction: { column: 'status', credit: ['paid'] },
    ref: 'transaction_id',
    description: 'gateway_ref',
  },
];

export function templateColumns(t: StatementTemplate): string[] {
  return [t.date, t.time, t.direction?.column, t.credit, t.debit, t.counterparty, t.ref, t.description]
    .filter((c): c is string => c !== undefined)
    .filter((c, i, all) => all.indexOf(c) === i);
}

/** The templates an operator can pick, with the columns each expects. */
export function templateList() {
  return statementTemplates.map((t) => ({
    code: t.code,
    name: t.name,
    account_kind: t.accountKind,
    columns: templateColumns(t),
  }));
}

export function findTemplate(code: string, kind: AccountKind): StatementTemplate {
  const t = statementTemplates.find((x) => x.code === code);
  if (!t || (t.accountKind !== kind && !(t.code === 'generic')))
    throw new AppError('STATEMENT_TEMPLATE_UNKNOWN');
  return t;
}

const DATE_TIME =
  /^(\d{1,4})[/-](\d{1,2})[/-](\d{1,4})(?:[ T,]+(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?)?(?:\s*(น\.?|Z|\+07:?00))?$/;

/**
 * `31/03/2569 14:07`, `2026-03-31 14:07:05`, `31-03-26` … as an instant: Asia/Bangkok wall-clock, or
 * UTC when the time ends in `Z`. A date or time that does not exist (31 February, 24:00) is null.
 */
export function parseBangkokDateTime(date: string, time = ''): Date | null {
  const m = DATE_TIME.exec(`${date.trim()}${time.trim() ? ` ${time.trim()}` : ''}`);
  if (!m) return null;
  let [y, mo, d] = [Number(m[3]), Number(m[2]), Number(m[1])];
  if (m[1]!.length === 4) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 100) y += y >= 43 ? 2500 : 2000; // 2-digit year: 69 → 2569 (BE), 26 → 2026
  if (y > 2400) y -= 543;
  const [hh, mm, ss] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  const calendar = new Date(Date.UTC(y, mo - 1, d));
  if (
    calendar.getUTCFullYear() !== y ||
    calendar.getUTCMonth() !== mo - 1 ||
    calendar.getUTCDate() !== d ||
    hh > 23 ||
    mm > 59 ||
    ss > 59
  )
    return null;
  return m[7] === 'Z' ? new Date(Date.UTC(y, mo - 1, d, hh, mm, ss)) : fromBangkok(y, mo, d, hh, mm, ss);
}

export function amountOf(text: string | undefined): Satang | null {
  const t = (text ?? '').replace(/[,\s฿]/g, '').replace(/^\+/, '');
  if (t === '' || t === '-') return null;
  if (!isBahtText(t)) throw new AppError('STATEMENT_FILE_INVALID', { detail: `ยอดเงิน "${text}" ไม่ถูกต้อง` });
  return parseBaht(t);
}

const MASKED_RUN = /[0-9xX*•][0-9xX*•\- ]{2,}[0-9xX*•]/g;

/**
 * The counterparty a bank's free-text column shows: the first run with at least 4 visible digits, or
 * else the first masked run (one with masking characters), whose too few digits then confirm no
 * request (docs/rules/payments.md §3.2 rule 4); empty only when the text shows no account at all.
 */
export function counterpartyFromText(text: string): string {
  const runs = (text.match(MASKED_RUN) ?? []).map(normaliseCounterparty);
  return (
    runs.find((mask) => visibleDigits(mask) >= MIN_VISIBLE_DIGITS) ??
    runs.find((mask) => mask.includes('x')) ??
    ''
  );
}

/** The template's columns a file lacks, named by what they hold (the operator reads Thai only). */
function missingColumnsDetail(t: StatementTemplate, missing: string[]): string {
  const role = (c: string) => (c === t.date ? 'วันที่' : c === t.credit ? 'ยอดเงินเข้า' : 'ข้อมูล');
  return `ไม่พบคอลัมน์${missing.map(role).join('และคอลัมน์')}ของแม่แบบนี้ในแถวหัวตาราง`;
}

/** Reads a statement file with a template: credit lines only, debit lines skipped. */
export function readStatement(content: string, t: StatementTemplate): { lines: ParsedLine[]; read: number } {
  let records: Record<string, string>[];
  try {
    records = parse(content.replace(/^\uFEFF/, ''), {
      columns: (header: string[]) => header.map((h) => h.trim()),
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    });
  } catch (err) {
    // csv-parse says what is wrong in English; the operator gets where, in Thai.
    const line = (err as { lines?: unknown }).lines;
    throw new AppError('STATEMENT_FILE_INVALID', {
      detail:
        typeof line === 'number' && Number.isSafeInteger(line)
          ? `อ่านไฟล์ไม่ได้ ตรวจรูปแบบที่บรรทัด ${line}`
          : 'อ่านไฟล์ไม่ได้ ตรวจรูปแบบไฟล์',
    });
  }
  if (records.length > 20_000) throw new AppError('STATEMENT_FILE_INVALID', { detail: 'เกิน 20,000 รายการ' });
  const first = records[0];
  const missing = first ? [t.date, t.credit].filter((c) => !(c in first)) : [];
  if (missing.length > 0) {
    throw new AppError('STATEMENT_FILE_INVALID', { detail: missingColumnsDetail(t, missing) });
  }
  const lines: ParsedLine[] = [];
  records.forEach((r, i) => {
    if (t.direction) {
      const dir = (r[t.direction.column] ?? '').trim().toLowerCase();
      if (!t.direction.credit.includes(dir)) return;
    }
    const amount = amountOf(r[t.credit]);
    if (amount === null || amount <= 0) return;
    if (t.debit && (amountOf(r[t.debit]) ?? 0) > 0) return;
    const postedAt = parseBangkokDateTime(r[t.date] ?? '', t.time ? (r[t.time] ?? '') : '');
    if (!postedAt) {
      throw new AppError('STATEMENT_FILE_INVALID', { detail: `วันที่ในแถว ${i + 2} ไม่ถูกต้อง` });
    }
    const rawParty = t.counterparty ? (r[t.counterparty] ?? '') : '';
    const ref = t.ref ? (r[t.ref] ?? '').trim() : '';
    lines.push({
      postedAt,
      amountSatang: amount,
      counterparty: t.counterpartyFromText ? counterpartyFromText(rawParty) : normaliseCounterparty(rawParty),
      bankRef: ref === '' ? null : ref.slice(0, 100),
      description: (t.description ? (r[t.description] ?? '') : '').slice(0, 300),
    });
  });
  return { lines, read: records.length };
}

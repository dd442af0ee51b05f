import { Link } from 'react-router';
import { formatDateTime } from '../../lib/dates';
import { formatBaht } from '../../lib/money';
import type { ProtectionState } from './api';

const PERIOD = { day: 'ต่อวัน', week: 'ต่อสัปดาห์', month: 'ต่อเดือน' } as const;

/** Baht as satang, to subtract amounts the API writes with two decimals without rounding errors. */
const satang = (baht: string) => Math.round(Number(baht) * 100);
const fromSatang = (n: number) => (Math.max(0, n) / 100).toFixed(2);

/**
 * What player protection (docs/rules/protection.md) means for a deposit, said before the member fills
 * the deposit form: a time-out or self-exclusion in force (no deposit until it ends: `blocked`), and
 * each deposit limit with what the period used, what is left and when it starts again, with a raise
 * or removal waiting for its cooling-off and when it applies.
 */
export function DepositLimits({ state }: { state: ProtectionState }) {
  const limits = state.limits.filter((l) => l.kind === 'deposit' && (l.amount !== null || l.pending_from));
  if (state.block) {
    return (
      <section
        className="panel protection-note protection-note--blocked"
        role="status"
        data-testid="deposit-protection"
      >
        <h2 className="panel__title">ฝากเงินไม่ได้ในขณะนี้</h2>
        <p>
          {state.block.kind === 'timeout'
            ? `บัญชีของคุณอยู่ในช่วงพักการเล่นถึง ${state.block.until ? formatDateTime(state.block.until) : ''}`
            : `บัญชีของคุณระงับการเล่นด้วยตนเอง${state.block.until ? `ถึง ${formatDateTime(state.block.until)}` : 'แบบถาวร'}`}{' '}
          ระหว่างนี้ฝากเงินไม่ได้ ถอนเงินได้ตามปกติ
        </p>
        <Link to="/member/protection" className="link">
          ดูการตั้งค่าเล่นอย่างรับผิดชอบ
        </Link>
      </section>
    );
  }
  if (limits.length === 0) return null;
  return (
    <section className="panel protection-note" role="status" data-testid="deposit-protection">
      <h2 className="panel__title">วงเงินฝากที่คุณตั้งไว้</h2>
      <ul className="rule-list">
        {limits.map((l) => (
          <li key={l.period}>
            {l.amount !== null ? (
              <>
                วงเงินฝากสูงสุด{PERIOD[l.period]} {formatBaht(l.amount)} บาท ฝากไปแล้ว {formatBaht(l.used)} บาท
                ฝากได้อีก {formatBaht(fromSatang(satang(l.amount) - satang(l.used)))} บาท (เริ่มนับใหม่{' '}
                {formatDateTime(l.resets_at)})
              </>
            ) : (
              `ไม่มีวงเงินฝาก${PERIOD[l.period]}`
            )}
            {l.pending_from &&
              (l.pending_amount !== null
                ? ` · วงเงินใหม่ ${formatBaht(l.pending_amount)} บาท มีผล ${formatDateTime(l.pending_from)}`
                : ` · ยกเลิกวงเงินนี้ มีผล ${formatDateTime(l.pending_from)}`)}
          </li>
        ))}
      </ul>
      <Link to="/member/protection" className="link">
        เปลี่ยนวงเงิน
      </Link>
    </section>
  );
}

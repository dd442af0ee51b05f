import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { toastError, useAction } from '../../lib/action';
import { formatBaht, formatSatang, parseBaht, type Satang } from '../../lib/money';
import { toast } from '../../lib/toast';
import { walletsKey } from '../../lib/wallets';
import { type AffiliateConfigs, type AffiliateSummary, affiliateKeys, redeemToMain } from './api';

const whole = (baht: string) => formatSatang(parseBaht(baht)).replace(/\.00$/, '');

/** Why the redeem button is off, in the member's words. */
function blockedReason(s: AffiliateSummary): string | null {
  if (s.can_redeem) return null;
  if (parseBaht(s.balance) < parseBaht(s.min_redeem))
    return `สะสมค่าแนะนำครบ ${whole(s.min_redeem)} บาทจึงถอนได้`;
  return `วันนี้ถอนครบ ${whole(s.daily_limit)} บาทแล้ว ถอนได้อีกครั้งพรุ่งนี้`;
}

/**
 * The affiliate balance and its redemption to main (docs/rules/engagement.md §11 rule 3), with the
 * programme's rules in plain Thai.
 */
export function BalanceCard({ summary, configs }: { summary: AffiliateSummary; configs?: AffiliateConfigs }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const { pending, run } = useAction();
  const amount = Math.min(parseBaht(summary.balance), parseBaht(summary.daily_left)) as Satang;
  const reason = blockedReason(summary);
  const [level1, level2] = configs?.levels ?? [];

  async function redeem() {
    setConfirming(false);
    await run(async () => {
      const r = await redeemToMain();
      if (r.status === 'held')
        toast.info(`ถอนค่าแนะนำ ${formatBaht(r.amount)} บาท แล้ว รอเจ้าหน้าที่ตรวจสอบก่อนเข้ากระเป๋าหลัก`, {
          duration: 3000,
        });
      else toast.success(`ถอนค่าแนะนำ ${formatBaht(r.amount)} บาท เข้ากระเป๋าหลักแล้ว`, { duration: 3000 });
    }, toastError);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: affiliateKeys.all }),
      queryClient.invalidateQueries({ queryKey: walletsKey }),
    ]);
  }

  return (
    <section className="panel aff-balance" aria-labelledby="aff-balance-title">
      <h2 id="aff-balance-title" className="aff-balance__label">
        ค่าแนะนำสะสม
      </h2>
      <p className="aff-balance__amount" data-testid="affiliate-balance">
        {formatBaht(summary.balance)} <span>บาท</span>
      </p>
      <dl className="aff-balance__stats">
        <div>
          <dt>ได้รับทั้งหมด</dt>
          <dd>{formatBaht(summary.total_earned)}</dd>
        </div>
        <div>
          <dt>ถอนแล้ว</dt>
          <dd>{formatBaht(summary.total_redeemed)}</dd>
        </div>
        <div>
          <dt>วันนี้ถอนได้อีก</dt>
          <dd>{formatBaht(summary.daily_left)}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="btn btn--primary btn--block btn--lg"
        disabled={!summary.can_redeem || pending}
        onClick={() => setConfirming(true)}
      >
        {pending ? 'กำลังถอน…' : 'ถอนเข้ากระเป๋าหลัก'}
      </button>
      {reason && <p className="aff-balance__note">{reason}</p>}
      <ul className="aff-rules">
        {level1 && level2 && (
          <li>
            รับ {Number(level1.percent)}% จากยอดเสียของเพื่อนที่คุณชวน และ {Number(level2.percent)}%
            จากยอดเสียของเพื่อนที่เพื่อนคุณชวนต่อ
          </li>
        )}
        <li>ยอดเสียคิดรายวันต่อคน (ยอดเดิมพัน − ยอดที่ได้คืน) วันที่เพื่อนได้กำไรนับเป็น 0 ไม่หักจากวันอื่น</li>
        <li>ระบบคำนวณค่าแนะนำของเมื่อวานให้ทุกวัน เวลา {configs?.accrual_time ?? '01:30'} น.</li>
        <li>
          ถอนเข้ากระเป๋าหลักได้ตั้งแต่ {whole(summary.min_redeem)} บาท สูงสุดวันละ {whole(summary.daily_limit)} บาท
          ไม่ต้องทำเทิร์น
        </li>
        <li>บัญชีเพื่อนที่ใช้ข้อมูลซ้ำกับสมาชิกอื่นจะไม่ถูกนำมาคำนวณค่าแนะนำ</li>
      </ul>
      <ConfirmDialog
        open={confirming}
        title="ถอนค่าแนะนำ"
        text={`ยืนยันถอนค่าแนะนำ ${formatSatang(amount)} บาท เข้ากระเป๋าหลัก?`}
        confirmText="ยืนยันถอน"
        cancelText="ยกเลิก"
        onConfirm={redeem}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

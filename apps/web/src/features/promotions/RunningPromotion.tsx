import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Progress } from '../../components/Progress';
import { toastError, useAction } from '../../lib/action';
import { formatDateTime } from '../../lib/dates';
import { formatBaht } from '../../lib/money';
import { toast } from '../../lib/toast';
import { fetchWallets, walletsKey } from '../../lib/wallets';
import { cancelPromotion, promotionKeys, type RunningPromotion as Running } from './api';

/**
 * The running promotion: turnover progress towards the requirement, the bonus wallet, the expiry and
 * the rules; cancelling returns min(bonus wallet, deposit) to main and forfeits the rest
 * (docs/rules/engagement.md §1.5), after the member confirms what they will get back.
 */
export function RunningPromotion({ promotion: p }: { promotion: Running }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const { pending, run } = useAction();

  async function confirmCancel() {
    setAsking(false);
    await run(async () => {
      const out = await cancelPromotion(p.id);
      toast.success(out.message, { duration: 3000 });
    }, toastError);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: promotionKeys.mine }),
      queryClient.invalidateQueries({ queryKey: ['promotions'] }),
      queryClient.fetchQuery({ queryKey: walletsKey, queryFn: fetchWallets, staleTime: 0 }),
    ]);
  }

  return (
    <section
      className="panel promo-running"
      aria-labelledby="promo-running-title"
      data-testid="running-promotion"
    >
      <p className="promo-running__label">โปรโมชั่นที่กำลังใช้งาน</p>
      <h2 id="promo-running-title" className="promo-running__title">
        {p.title}
      </h2>
      <div className="promo-running__turnover">
        <div className="promo-running__numbers">
          <span>ทำเทิร์นแล้ว</span>
          <strong data-testid="promotion-turnover">
            {formatBaht(p.turnover)} / {formatBaht(p.required_turnover)} ฿
          </strong>
        </div>
        <Progress
          percent={p.progress_percent}
          label="ความคืบหน้าเทิร์นโอเวอร์"
          valueText={`${p.progress_percent}%`}
        />
        <p className="promo-running__remaining">
          {p.progress_percent}% · เหลืออีก {formatBaht(p.remaining_turnover)} ฿
        </p>
      </div>
      <dl className="promo-facts">
        <div>
          <dt>กระเป๋าโบนัส</dt>
          <dd data-testid="promotion-bonus-wallet">{formatBaht(p.bonus_wallet)} ฿</dd>
        </div>
        <div>
          <dt>ยอดฝาก</dt>
          <dd>{formatBaht(p.deposit)} ฿</dd>
        </div>
        <div>
          <dt>โบนัส</dt>
          <dd>{formatBaht(p.bonus)} ฿</dd>
        </div>
        <div>
          <dt>หมดเขต</dt>
          <dd>{formatDateTime(p.ends_at)}</dd>
        </div>
        <div>
          <dt>ถอนได้สูงสุด</dt>
          <dd>{p.max_withdraw === null ? 'ไม่จำกัด' : `${formatBaht(p.max_withdraw)} ฿`}</dd>
        </div>
      </dl>
      {p.lines.length > 0 && (
        <ul className="promo-rules" aria-label="เงื่อนไขโปรโมชั่น">
          {p.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {p.open_round && <p className="promo-running__note">มีเกมจากกระเป๋าโบนัสที่รอผลอยู่ ยกเลิกโปรโมชั่นได้เมื่อเกมจบ</p>}
      <button
        type="button"
        className="btn btn--outline btn--block"
        onClick={() => setAsking(true)}
        disabled={pending || p.open_round}
      >
        {pending ? 'กำลังยกเลิก…' : 'ยกเลิกโปรโมชั่น'}
      </button>
      <ConfirmDialog
        open={asking}
        title="ยกเลิกโปรโมชั่น"
        text={`ระบบจะคืน ${formatBaht(p.cancel_returns)} บาทเข้ากระเป๋าหลัก${
          Number(p.cancel_forfeits) > 0 ? ` และตัดยอดโบนัส ${formatBaht(p.cancel_forfeits)} บาท` : ''
        } ยืนยันการยกเลิกหรือไม่`}
        confirmText="ยืนยันยกเลิก"
        cancelText="ไม่ยกเลิก"
        onConfirm={confirmCancel}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../components/AuthCard';
import { AmountField } from '../../features/payments/AmountField';
import {
  newIdempotencyKey,
  paymentKeys,
  requestWithdrawal,
  usePaymentEvents,
  useWithdrawals,
  useWithdrawInfo,
  type Withdrawal,
} from '../../features/payments/api';
import { MemberAccountBlock } from '../../features/payments/BankBlock';
import { useAction } from '../../lib/action';
import { formatDateTime } from '../../lib/dates';
import { useFormErrors } from '../../lib/form-errors';
import { formatBaht, parseBaht } from '../../lib/money';
import { useMinimumPending } from '../../lib/pending';
import { toast } from '../../lib/toast';
import '../member.css';
import './payments.css';
import { formatNumber } from '../../lib/numbers';

const TONE: Record<Withdrawal['status'], 'wait' | 'ok' | 'bad'> = {
  pending: 'wait',
  review: 'wait',
  paid: 'ok',
  rejected: 'bad',
};

function WithdrawalItem({ w }: { w: Withdrawal }) {
  return (
    <li className="history__item" data-testid="withdrawal-item">
      <div>
        <p className="history__amount">{formatBaht(w.amount)} ฿</p>
        <p className="history__meta">
          {w.bank_short} •••• {w.account_no.slice(-4)} · {formatDateTime(w.created_at)}
        </p>
        {w.status === 'paid' && w.decided_at && (
          <p className="history__meta">โอนแล้วเมื่อ {formatDateTime(w.decided_at)}</p>
        )}
        {w.status === 'rejected' && w.reason && <p className="history__reason">เหตุผล: {w.reason}</p>}
      </div>
      <span className={`pill pill--${TONE[w.status]}`} data-testid="withdrawal-status">
        {w.status_label}
      </span>
    </li>
  );
}

export default function Withdraw() {
  const queryClient = useQueryClient();
  const { data: info, isLoading, isError, error } = useWithdrawInfo();
  const { data: list } = useWithdrawals();
  const [amount, setAmount] = useState('');
  const errors = useFormErrors();
  const { pending, run } = useAction();
  const loading = useMinimumPending(isLoading);
  const key = useRef<string | null>(null);
  usePaymentEvents();

  const balance = info ? parseBaht(info.main_balance) : 0;
  const wholeBalance = Math.floor(balance / 100);
  const min = info ? Math.round(parseBaht(info.min) / 100) : 100;
  const left = info ? Math.floor(parseBaht(info.daily_left) / 100) : 0;

  async function submit(e: FormEvent) {
    e.preventDefault();
    errors.clear();
    const n = Number(amount);
    if (!/^\d+$/.test(amount) || n < min) {
      errors.setField('amount', `กรุณากรอกยอดถอนเป็นจำนวนเต็ม ขั้นต่ำ ${formatNumber(min)} บาท`);
      return;
    }
    if (n > wholeBalance) {
      errors.setField('amount', 'ยอดเงินในกระเป๋าหลักไม่เพียงพอ');
      return;
    }
    key.current ??= newIdempotencyKey();
    const idempotencyKey = key.current;
    await run(
      async () => {
        await requestWithdrawal(n, idempotencyKey);
        setAmount('');
        toast.success('ส่งคำขอถอนเงินแล้ว', { duration: 3000 });
        void queryClient.invalidateQueries({ queryKey: paymentKeys.withdrawInfo });
        void queryClient.invalidateQueries({ queryKey: paymentKeys.withdrawList });
        void queryClient.invalidateQueries({ queryKey: ['wallets'] });
      },
      (err) => errors.fromError(err, ['amount']),
    );
    key.current = null;
  }

  const blocked = info?.blocked_reason ?? null;
  const open = info?.open_request ?? null;

  return (
    <div className="container member-page payments-page">
      <div className="payments-page__head">
        <h1 className="page-title">ถอนเงิน</h1>
        <Link to="/member/deposit" className="btn btn--outline btn--sm">
          ฝากเงิน
        </Link>
      </div>
      {loading && <p className="empty-text">กำลังโหลด…</p>}
      {!loading && isError && <FormAlert message={error.message} />}
      {!loading && info && (
        <div className="payments-grid">
          <form className="panel withdraw-form" onSubmit={submit} noValidate aria-label="ทำรายการถอน">
            <div className="balance-card">
              <p className="balance-card__label">ยอดถอนได้ (กระเป๋าหลัก)</p>
              <p className="balance-card__amount" data-testid="withdrawable">
                {formatBaht(info.main_balance)} <span>฿</span>
              </p>
              <p className="balance-card__meta">วันนี้ถอนได้อีก {formatBaht(info.daily_left)} บาท</p>
            </div>
            <MemberAccountBlock account={info.account} title="โอนเข้าบัญชีที่ลงทะเบียนไว้เท่านั้น" />
            {info.turnover && !info.turnover.complete && (
              <section className="turnover" aria-label="ยอดเทิร์นโปรโมชั่น">
                <p className="turnover__title">โปรโมชั่น {info.turnover.title}</p>
                <div
                  className="turnover__bar"
                  role="progressbar"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.min(
                    100,
                    Math.floor(
                      (parseBaht(info.turnover.turnover) * 100) /
                        Math.max(1, parseBaht(info.turnover.required_turnover)),
                    ),
                  )}
                >
                  <span
                    style={{
                      width: `${Math.min(100, (parseBaht(info.turnover.turnover) * 100) / Math.max(1, parseBaht(info.turnover.required_turnover)))}%`,
                    }}
                  />
                </div>
                <p className="turnover__meta">
                  เทิร์น {formatBaht(info.turnover.turnover)} / {formatBaht(info.turnover.required_turnover)}
                </p>
              </section>
            )}
            {blocked && !open && (
              <div className="form-alert" role="alert" data-testid="withdraw-blocked">
                {blocked}
              </div>
            )}
            {open && (
              <div className="notice-box" role="status">
                มีรายการถอน {formatBaht(open.amount)} บาท {open.status_label} — ทำรายการใหม่ได้เมื่อรายการนี้เสร็จ
              </div>
            )}
            <AmountField
              label="ยอดถอน (บาท)"
              min={min}
              value={amount}
              onChange={setAmount}
              quick={[100, 500, 1000]}
              unavailable={(q) => q > wholeBalance || Boolean(open) || Boolean(blocked)}
              disabled={Boolean(open) || Boolean(blocked)}
              error={errors.fields.amount}
            >
              <button
                type="button"
                className="chip"
                disabled={wholeBalance < min || Boolean(open) || Boolean(blocked)}
                onClick={() => setAmount(String(Math.min(wholeBalance, left)))}
              >
                ถอนทั้งหมด
              </button>
            </AmountField>
            <FormAlert message={errors.form} />
            <button
              type="submit"
              className="btn btn--primary btn--lg btn--block"
              disabled={pending || Boolean(open) || Boolean(blocked)}
            >
              {pending ? 'กำลังส่งคำขอ…' : 'ยืนยันการถอน'}
            </button>
            <ul className="rule-list">
              <li>ถอนขั้นต่ำ {formatNumber(min)} บาท เป็นจำนวนเต็มบาท จากกระเป๋าหลัก</li>
              <li>ถอนได้ไม่เกิน {formatBaht(info.daily_cap)} บาทต่อวัน</li>
              <li>มีรายการถอนรอดำเนินการได้ครั้งละ 1 รายการ</li>
              <li>
                ถอนไม่ได้เฉพาะเมื่อยังทำเทิร์นโปรโมชั่นไม่ครบ มียอดค้างชำระจากการแก้ไขผลหวย หรือบัญชีรอเจ้าหน้าที่ตรวจสอบยอด
              </li>
              <li>โพยหวยและเกมที่รอผลไม่ทำให้ถอนไม่ได้ ยอดแทงหักจากกระเป๋าไปแล้ว</li>
              <li>ยอดตั้งแต่ 50,000 บาท จะผ่านการตรวจสอบเพิ่มเติมก่อนโอน</li>
            </ul>
          </form>
          <aside className="payments-aside">
            <section className="panel history" aria-label="รายการถอน">
              <h2 className="panel__title">สถานะรายการถอน</h2>
              {list && list.length === 0 && <p className="empty-text">ยังไม่มีรายการถอน</p>}
              <ul className="history__list" data-testid="withdrawal-list">
                {(list ?? []).map((w) => (
                  <WithdrawalItem key={w.id} w={w} />
                ))}
              </ul>
              <Link to="/member/statement?kind=withdraw" className="history__more">
                ดูประวัติการเงินทั้งหมด
              </Link>
            </section>
          </aside>
        </div>
      )}
    </div>
  );
}

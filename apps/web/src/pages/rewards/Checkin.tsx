import { addMonths } from '@chok/engine/bangkok-calendar';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../components/AuthCard';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/Icons';
import { checkinKeys, stampToday, useCheckinMonth } from '../../features/checkin/api';
import { CheckinCalendar, monthTitle } from '../../features/checkin/CheckinCalendar';
import { useAction } from '../../lib/action';
import { errorMessage } from '../../lib/api';
import { formatBaht } from '../../lib/money';
import { useMinimumPending } from '../../lib/pending';
import { refreshRewards } from '../../lib/points';
import { toast } from '../../lib/toast';
import '../member.css';
import './checkin.css';

/** Baht without ".00" for round amounts: "10.00" → "10". */
const plainBaht = (amount: string) => formatBaht(amount).replace(/\.00$/, '');

export default function Checkin() {
  const queryClient = useQueryClient();
  const [month, setMonth] = useState<string | null>(null);
  const { data: loaded, isLoading, isError, error } = useCheckinMonth(month);
  const loading = useMinimumPending(isLoading);
  const data = loading ? undefined : loaded;
  const { pending, run } = useAction();
  const [formError, setFormError] = useState<string | null>(null);
  const thisMonth = data?.today.slice(0, 7) ?? null;
  const shown = data?.month ?? month;

  async function stamp() {
    setFormError(null);
    await run(
      async () => {
        const s = await stampToday();
        const parts = [`เช็คอินสำเร็จ ต่อเนื่อง ${s.streak.length} วัน`];
        if (s.points > 0) parts.push(`รับ ${s.points} แต้ม`);
        if (s.milestone?.status === 'paid')
          parts.push(`และเครดิตฟรี ${plainBaht(s.milestone.free_credit)} บาท`);
        toast.success(parts.join(' '), { duration: 3000 });
        if (s.milestone?.status === 'held') {
          toast.info(`เครดิตฟรี ${plainBaht(s.milestone.free_credit)} บาท รอตรวจสอบจากเจ้าหน้าที่`, {
            duration: 3000,
          });
        }
      },
      (err) => setFormError(errorMessage(err)),
    );
    void queryClient.invalidateQueries({ queryKey: checkinKeys.all });
    void refreshRewards(queryClient);
  }

  const next = data?.next_milestone ?? null;
  return (
    <div className="container member-page checkin-page">
      <h1 className="page-title">เช็คอินรายวัน</h1>
      {loading && <p className="empty-text">กำลังโหลด…</p>}
      {!loading && isError && <FormAlert message={error.message} />}
      {data && (
        <div className="checkin-grid">
          <section className="panel checkin-hero" aria-label="สถานะการเช็คอิน">
            <p className="checkin-hero__label">เช็คอินต่อเนื่อง</p>
            <p className="checkin-hero__streak" data-testid="checkin-streak">
              {data.streak.length} <span>วัน</span>
            </p>
            {next && (
              <p className="checkin-hero__next" data-testid="checkin-next">
                อีก {next.stamps_to_go} วัน (วันที่ {next.day}) รับเครดิตฟรี {plainBaht(next.free_credit)} บาท
              </p>
            )}
            {data.blocked_reason && (
              <div className="checkin-blocked" id="checkin-blocked" role="status">
                <p>{data.blocked_reason}</p>
                {!data.deposit.met && (
                  <>
                    <p className="checkin-blocked__today" data-testid="checkin-deposit-today">
                      ยอดฝากที่ยืนยันแล้ววันนี้ (รายการสูงสุด) {plainBaht(data.deposit.largest_today)} บาท
                    </p>
                    <Link to="/member/deposit" className="btn btn--outline btn--sm">
                      ฝากเงิน
                    </Link>
                  </>
                )}
              </div>
            )}
            <button
              type="button"
              className="btn btn--primary btn--lg btn--block"
              onClick={stamp}
              disabled={pending || !data.can_stamp}
              aria-describedby={data.blocked_reason ? 'checkin-blocked' : undefined}
            >
              {data.stamped_today ? 'วันนี้เช็คอินแล้ว' : pending ? 'กำลังเช็คอิน…' : 'เช็คอินวันนี้'}
            </button>
            <FormAlert message={formError} />
            <p className="checkin-hero__meta">เช็คอินวันละ 1 ครั้ง รับ {data.points_per_stamp} แต้มทุกครั้ง</p>
          </section>

          <section className="panel checkin-month" aria-label="ปฏิทินเช็คอิน">
            <div className="checkin-month__head">
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                onClick={() => shown && setMonth(addMonths(shown, -1))}
                aria-label="เดือนก่อนหน้า"
              >
                <ChevronLeftIcon size={18} />
              </button>
              <h2 className="panel__title" aria-live="polite">
                {shown ? monthTitle(shown) : ''}
              </h2>
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                onClick={() => shown && setMonth(addMonths(shown, 1))}
                disabled={!shown || !thisMonth || shown >= thisMonth}
                aria-label="เดือนถัดไป"
              >
                <ChevronRightIcon size={18} />
              </button>
            </div>
            <CheckinCalendar data={data} />
            <ul className="checkin-legend" aria-hidden="true">
              <li className="checkin-legend__stamped">เช็คอินแล้ว</li>
              <li className="checkin-legend__today">วันนี้</li>
              <li className="checkin-legend__missed">ไม่ได้เช็คอิน</li>
            </ul>
          </section>

          <section className="panel checkin-rewards" aria-label="รางวัลเช็คอินต่อเนื่อง">
            <h2 className="panel__title">รางวัลเช็คอินต่อเนื่อง</h2>
            <ol className="milestones">
              {data.milestones.map((m) => (
                <li key={m.day} className={data.streak.length >= m.day ? 'is-reached' : undefined}>
                  <span>ครบ {m.day} วัน</span>
                  <strong>เครดิตฟรี {plainBaht(m.free_credit)} บาท</strong>
                </li>
              ))}
            </ol>
            <ul className="rule-list">
              {data.deposit.required !== '0.00' && (
                <li>
                  เช็คอินได้เมื่อมียอดฝากที่ยืนยันแล้วอย่างน้อย {plainBaht(data.deposit.required)} บาทในวันนั้น (ต่อ 1 รายการ)
                </li>
              )}
              <li>นับวันตามเวลาประเทศไทย เช็คอินย้อนหลังหรือล่วงหน้าไม่ได้</li>
              <li>ขาดเช็คอิน 1 วัน จำนวนวันต่อเนื่องเริ่มนับใหม่ ครบ 30 วันเริ่มรอบใหม่</li>
              <li>เครดิตฟรีต้องทำยอดเทิร์น 5 เท่าก่อนย้ายเข้ากระเป๋าหลัก</li>
            </ul>
          </section>
        </div>
      )}
    </div>
  );
}

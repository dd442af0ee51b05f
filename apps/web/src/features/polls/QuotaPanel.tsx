import { Link } from 'react-router';
import { formatBaht } from '../../lib/money';
import { type PollQuota, pollBaht } from './api';

/** The member's votes (docs/rules/engagement.md §10 rule 1): used, left, and the deposit for one more. */
export function QuotaPanel({ quota, choiceLabel }: { quota: PollQuota; choiceLabel: string | null }) {
  return (
    <section className="panel poll-quota" aria-labelledby="poll-quota-title" data-testid="poll-quota">
      <h2 id="poll-quota-title" className="panel__title">
        สิทธิ์โหวตของคุณ
      </h2>
      <p className="poll-quota__count">
        <strong data-testid="poll-quota-remaining">{quota.remaining}</strong> สิทธิ์คงเหลือ
        <span className="poll-quota__of">
          (ใช้แล้ว {quota.used} จาก {quota.quota} สิทธิ์)
        </span>
      </p>
      {choiceLabel && (
        <p className="poll-quota__choice">
          ทุกสิทธิ์ของคุณไปที่: <strong>{choiceLabel}</strong>
        </p>
      )}
      <p className="poll-quota__meta">ยอดฝากระหว่างเปิดโพล {formatBaht(quota.deposited)} บาท</p>
      {quota.next_vote_deposit !== null ? (
        <p className="poll-quota__meta">
          ฝากเพิ่มอีก {pollBaht(quota.next_vote_deposit)} บาท รับเพิ่ม 1 สิทธิ์ (สูงสุด {quota.max_votes} สิทธิ์){' '}
          <Link to="/member/deposit" className="link">
            ฝากเงิน
          </Link>
        </p>
      ) : (
        <p className="poll-quota__meta">คุณได้รับสิทธิ์ครบ {quota.max_votes} สิทธิ์แล้ว</p>
      )}
      {!quota.can_vote && quota.reason && (
        <p className="poll-quota__reason" role="status">
          {quota.reason}
        </p>
      )}
    </section>
  );
}

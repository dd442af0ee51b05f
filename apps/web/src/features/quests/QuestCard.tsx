import { Link } from 'react-router';
import { formatDateTime } from '../../lib/dates';
import { formatBaht } from '../../lib/money';
import { useMinimumPending } from '../../lib/pending';
import type { Quest } from './api';

const UNIT: Record<Quest['unit'], string> = { baht: 'บาท', rounds: 'รอบ', days: 'วัน' };

const BUTTON: Record<Quest['status'], string> = {
  in_progress: 'ยังไม่สำเร็จ',
  claimable: 'รับรางวัล',
  claimed: 'รับแล้ว',
  held: 'รอตรวจสอบ',
  rejected: 'ไม่อนุมัติ',
  withheld: 'งดจ่ายช่วงพักการเล่น',
};

/** Where a member goes to make progress on a task. */
const GO: Partial<Record<Quest['task'], [string, string]>> = {
  deposit: ['/member/deposit', 'ไปฝากเงิน'],
  checkin: ['/checkin', 'ไปเช็คอิน'],
};

const figure = (q: Quest, value: string) => (q.unit === 'baht' ? formatBaht(value) : value);

/** One quest: what to do, the progress bar, what it pays and the claim button. */
export function QuestCard({ quest, busy, onClaim }: { quest: Quest; busy: boolean; onClaim: () => void }) {
  const pending = useMinimumPending(busy);
  const id = `quest-${quest.id}`;
  const go = GO[quest.task];
  return (
    <li
      className={`quest-card quest-card--${quest.status}`}
      data-testid="quest-card"
      aria-labelledby={`${id}-title`}
    >
      <div className="quest-card__head">
        <h3 className="quest-card__title" id={`${id}-title`}>
          {quest.title}
        </h3>
        <span className="quest-card__reward" data-testid="quest-reward">
          {quest.reward.label}
        </span>
      </div>
      <div
        className="quest-card__bar"
        role="progressbar"
        aria-labelledby={`${id}-title`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={quest.percent}
        aria-valuetext={`${figure(quest, quest.progress)} จาก ${figure(quest, quest.target)} ${UNIT[quest.unit]}`}
      >
        <span style={{ width: `${quest.percent}%` }} />
      </div>
      <p className="quest-card__meta">
        <span data-testid="quest-progress">
          {figure(quest, quest.progress)} / {figure(quest, quest.target)} {UNIT[quest.unit]}
        </span>
        <span>หมดเขต {formatDateTime(new Date(Date.parse(quest.period_end) - 60_000).toISOString())}</span>
      </p>
      {quest.claim && quest.claim.amount !== quest.reward.amount && (
        <p className="quest-card__meta">
          รับไปแล้ว{' '}
          {quest.claim.reward_kind === 'points'
            ? `${quest.claim.amount} แต้ม`
            : `เครดิตฟรี ${formatBaht(quest.claim.amount)} บาท`}
        </p>
      )}
      <div className="quest-card__actions">
        {go && quest.status === 'in_progress' && (
          <Link to={go[0]} className="btn btn--outline btn--sm">
            {go[1]}
          </Link>
        )}
        <button
          type="button"
          className={`btn btn--sm ${quest.status === 'claimable' ? 'btn--primary' : 'btn--ghost'}`}
          disabled={!quest.claimable || pending}
          onClick={onClaim}
          data-testid="quest-claim"
        >
          {pending ? 'กำลังรับรางวัล…' : BUTTON[quest.status]}
        </button>
      </div>
    </li>
  );
}

import { LoadState } from '../../components/LoadState';
import { formatBaht } from '../../lib/money';
import { formatNumber } from '../../lib/numbers';
import { useMinimumPending } from '../../lib/pending';
import { pollBaht, usePollWinners } from './api';

/** The winners (docs/rules/engagement.md §10 rule 3), masked, most votes first. */
export function WinnersList({ pollId }: { pollId: number }) {
  const { data: loaded, isLoading, error } = usePollWinners(pollId, true);
  const loading = useMinimumPending(isLoading);
  const data = loading ? undefined : loaded;
  return (
    <section className="panel poll-winners" aria-labelledby="poll-winners-title" data-testid="poll-winners">
      <h2 id="poll-winners-title" className="panel__title">
        ผู้ทายถูก{data?.result_label ? `: ${data.result_label}` : ''}
      </h2>
      <LoadState loading={loading} error={error} text="กำลังโหลด…" />
      {data && data.items.length === 0 && <p className="empty-text">ไม่มีผู้ทายถูกในโพลนี้</p>}
      {data && data.items.length > 0 && (
        <>
          <p className="poll-winners__note">
            ทั้งหมด {formatNumber(data.total)} คน รับเครดิตฟรี {pollBaht(data.reward_per_vote)} บาทต่อสิทธิ์
          </p>
          <ul className="poll-winners__list">
            {data.items.map((w) => (
              <li key={w.rank} className="poll-winners__item">
                <span>
                  {w.name} <span className="poll-winners__phone">{w.phone}</span>
                </span>
                <span className="poll-winners__votes">{w.votes} สิทธิ์</span>
                <strong>{formatBaht(w.amount)} บาท</strong>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

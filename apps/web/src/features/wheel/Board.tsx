import { LoadState } from '../../components/LoadState';
import { formatDateTime } from '../../lib/dates';
import { useMinimumPending } from '../../lib/pending';
import { useBoard } from './api';

/** The last big prizes (20 baht or more), names masked (docs/rules/engagement.md §9 rule 4). */
export function Board() {
  const { data: loaded, isLoading, error } = useBoard();
  const loading = useMinimumPending(isLoading);
  const data = loading ? undefined : loaded;
  return (
    <section className="panel wheel-board" aria-labelledby="wheel-board-title" data-testid="wheel-board">
      <h2 id="wheel-board-title" className="panel__title">
        ผู้โชคดีล่าสุด
      </h2>
      <LoadState loading={loading} error={error} text="กำลังโหลด…" />
      {data && data.length === 0 && <p className="empty-text">ยังไม่มีผู้ได้รับรางวัลใหญ่ เป็นคนแรกเลย!</p>}
      {data && data.length > 0 && (
        <ul className="wheel-board__list">
          {data.map((w) => (
            <li key={w.spin_id} className="wheel-board__item">
              <span className="wheel-board__who">
                {w.name} <span className="wheel-board__phone">{w.phone}</span>
              </span>
              <span className="wheel-board__prize">{w.prize_label}</span>
              <time className="wheel-board__time" dateTime={w.created_at}>
                {formatDateTime(w.created_at)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { formatNumber } from '../../lib/numbers';
import { useMinimumPending } from '../../lib/pending';
import type { PollChoice } from './api';

interface Props {
  choice: PollChoice;
  /** Votes and share, once the member voted or voting is over. */
  count: { votes: number; percent: string } | null;
  mine: boolean;
  winner: boolean;
  /** The vote button's label, or null for none. */
  action: string | null;
  busy: boolean;
  onVote: () => void;
}

/** One choice of a poll: its image and label, its share of the votes, and the vote button. */
export function ChoiceCard({ choice, count, mine, winner, action, busy, onVote }: Props) {
  const pending = useMinimumPending(busy);
  const classes = ['poll-choice', mine && 'poll-choice--mine', winner && 'poll-choice--winner']
    .filter(Boolean)
    .join(' ');
  return (
    <li className={classes} data-testid={`poll-choice-${choice.id}`}>
      {choice.image ? (
        <img className="poll-choice__image" src={choice.image} alt={choice.label} loading="lazy" />
      ) : (
        <div className="poll-choice__image poll-choice__image--none" aria-hidden="true">
          {choice.label.slice(0, 2)}
        </div>
      )}
      <div className="poll-choice__body">
        <p className="poll-choice__label">
          {choice.label}
          {winner && <span className="poll-badge poll-badge--winner">ผลที่ถูกต้อง</span>}
          {mine && <span className="poll-badge">ตัวเลือกของคุณ</span>}
        </p>
        {count && (
          <div className="poll-choice__count">
            <div className="poll-bar" aria-hidden="true">
              <span style={{ width: `${Number(count.percent)}%` }} />
            </div>
            <p className="poll-choice__share">
              <strong>{count.percent}%</strong> · {formatNumber(count.votes)} โหวต
            </p>
          </div>
        )}
        {action && (
          <button
            type="button"
            className="btn btn--primary btn--sm btn--block"
            onClick={onVote}
            disabled={pending}
            aria-label={`${action}: ${choice.label}`}
          >
            {pending ? 'กำลังโหวต…' : action}
          </button>
        )}
      </div>
    </li>
  );
}

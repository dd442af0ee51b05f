import { memo } from 'react';
import { Link } from 'react-router';
import type { Lobby } from './api';
import { roundDate } from './labels';
import { CloseTime, marketBadge, RoundSide, useRoundState } from './RoundClock';

type Market = Lobby['categories'][number]['markets'][number];

/**
 * A market and its current round as a card, to the round's page (the lotto lobby, the home page's
 * open rounds): a market with no open round is a dimmed card that leads nowhere. Renders again when
 * its round closes or the lobby changes.
 */
export const MarketCard = memo(function MarketCard({ m, testId }: { m: Market; testId: string }) {
  const r = m.round;
  const { open, status } = useRoundState(r);
  const body = (
    <>
      <span className={`market-card__badge market-card__badge--${m.derive_rule}`} aria-hidden>
        {marketBadge(m.code, m.name)}
      </span>
      <span className="market-card__main">
        <span className="market-card__name">{m.name}</span>
        <span className="market-card__meta">
          {r ? (
            <>
              {m.derive_rule === 'yeekee' ? `รอบที่ ${r.round_no} · ` : `งวด ${roundDate(r.business_date)} · `}
              <CloseTime at={r.close_at} />
            </>
          ) : (
            'ยังไม่มีงวดที่เปิด'
          )}
        </span>
      </span>
      <RoundSide r={r} open={open} status={status} />
    </>
  );
  return r ? (
    <Link to={`/lotto/${r.round_id}`} className={`market-card${open ? ' is-open' : ''}`} data-testid={testId}>
      {body}
    </Link>
  ) : (
    <div className="market-card is-idle">{body}</div>
  );
});

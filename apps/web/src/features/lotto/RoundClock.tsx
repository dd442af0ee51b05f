import { countdown } from '../../lib/countdown';
import { useServerBefore, useServerNow } from '../../lib/server-clock';
import type { Lobby } from './api';
import { ROUND_STATUS, roundTime } from './labels';
import './rounds.css';

type Round = NonNullable<Lobby['categories'][number]['markets'][number]['round']>;

/** The short mark of each market on its card (the lotto lobby, the home page's open rounds). */
const BADGES: Record<string, string> = {
  glo: 'ไทย',
  baac: 'ธกส',
  gsb: 'ออม',
  yeekee: 'ยี่กี',
  lao: 'ลาว',
  hanoi: 'ฮานอย',
  hanoi_special: 'ฮานอย',
  hanoi_vip: 'VIP',
  nikkei_am: 'ญี่ปุ่น',
  nikkei_pm: 'ญี่ปุ่น',
  hangseng_am: 'ฮ่องกง',
  hangseng_pm: 'ฮ่องกง',
  dowjones: 'สหรัฐ',
};

export const marketBadge = (code: string, name: string) => BADGES[code] ?? name.slice(0, 2);

/** The time left to a round's close, the one part of a card that changes every second. */
export function RoundCountdown({ closeAt }: { closeAt: string }) {
  return <>{countdown(closeAt, useServerNow())}</>;
}

/**
 * A round as the lobby last read it, on the server clock: `open` while it takes bets (a round read as
 * open whose close has passed is closed, whatever the next read will say), and its status key.
 */
export function useRoundState(r: Round | null): { open: boolean; status: string } {
  const beforeClose = useServerBefore(r ? Date.parse(r.close_at) : 0);
  const open = r?.status === 'open' && beforeClose;
  return { open, status: r ? (r.status === 'open' && !open ? 'closed' : r.status) : 'none' };
}

/** "ปิด 15:20 น." — with the date when the round closes on another Bangkok day than today. */
export function CloseTime({ at }: { at: string }) {
  return <>ปิด {roundTime(at, useServerNow(null))} น.</>;
}

/**
 * The status pill and, while the round takes bets, its countdown; before it opens, when it opens
 * (with the date on another day).
 */
export function RoundSide({ r, open, status }: { r: Round | null; open: boolean; status: string }) {
  const now = useServerNow(null);
  return (
    <span className="market-card__side">
      <span className={`status-pill status-pill--${status}`} data-testid="market-status">
        {r ? ROUND_STATUS[status] : 'ปิด'}
      </span>
      {r && status !== 'closed' && (
        <span className="market-card__countdown" title="เวลาที่เหลือก่อนปิดรับ" data-testid="round-clock">
          {open ? <RoundCountdown closeAt={r.close_at} /> : `เปิด ${roundTime(r.open_at, now)} น.`}
        </span>
      )}
    </span>
  );
}

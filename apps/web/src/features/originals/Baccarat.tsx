import * as games from '@chok/contract/routes/games';
import { useCallback, useEffect, useState } from 'react';
import { formatSatang, parseBaht, type Satang } from '../../lib/money';
import { useMinimumPending } from '../../lib/pending';
import { syncServerClock, useServerNow } from '../../lib/server-clock';
import { type BaccaratTable, type GameSession, gameCall } from './api';
import { GameShell, useGameShell } from './GameShell';
import { tone } from './sound';

const CHIPS = ['10.00', '50.00', '100.00', '500.00', '1000.00'];
const POSITIONS = [
  { key: 'player_pair', label: 'ไพ่คู่ฝั่งผู้เล่น', pays: '11:1' },
  { key: 'player', label: 'ผู้เล่น', pays: '1:1' },
  { key: 'tie', label: 'เสมอ', pays: '8:1' },
  { key: 'banker', label: 'เจ้ามือ', pays: '0.95:1' },
  { key: 'banker_pair', label: 'ไพ่คู่ฝั่งเจ้ามือ', pays: '11:1' },
] as const;
const SUITS = ['♠', '♥', '♦', '♣'];
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

function Card({ card }: { card: number }) {
  const suit = Math.floor(card / 13) % 4;
  return (
    <span className={`pcard${suit === 1 || suit === 2 ? ' pcard--red' : ''}`}>
      {RANKS[card % 13]}
      <small>{SUITS[suit]}</small>
    </span>
  );
}

/** Baccarat in shared rooms: a hand every 30 s, 20 s to bet (docs/rules/casino.md §5.2). */
export function Baccarat({ session }: { session: GameSession }) {
  const [loadedTable, setTable] = useState<BaccaratTable | null>(null);
  const loading = useMinimumPending(loadedTable === null);
  const table = loading ? null : loadedTable;
  const [room, setRoom] = useState<number | undefined>(undefined);
  const { sound, shell } = useGameShell(session);
  const [chip, setChip] = useState(0);
  const serverNow = useServerNow(250);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const t = await gameCall(games.baccaratTable, {
        session: session.session,
        ...(room ? { room_id: room } : {}),
      });
      syncServerClock(t.server_time);
      setTable(t);
    } catch (e) {
      setError((e as Error).message);
    }
  }, [session.session, room]);

  useEffect(() => {
    void load();
    const poll = setInterval(load, 2000);
    return () => clearInterval(poll);
  }, [load]);

  async function bet(position: (typeof POSITIONS)[number]['key']) {
    if (!table) return;
    try {
      await gameCall(games.baccaratBet, {
        session: session.session,
        hand_id: table.current.id,
        position,
        amount: CHIPS[chip]!,
      });
      if (sound) tone(660, 80);
      setError(null);
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  }

  const closes = table ? new Date(table.current.closes_at).getTime() : 0;
  const left = Math.max(0, Math.ceil((closes - serverNow) / 1000));
  const open = table !== null && left > 0;
  const shown = table?.current.result ?? table?.previous?.result ?? null;
  const mine = (p: string) =>
    table?.my_bets
      .filter((b) => b.hand_id === table.current.id && b.position === p)
      .reduce((s, b) => s + parseBaht(b.stake), 0) ?? 0;

  return (
    <GameShell {...shell} balance={table?.balance ?? session.balance} className="ih--baccarat">
      <div className="bac">
        <nav className="bac__rooms" aria-label="ห้อง">
          {table?.rooms.map((r) => (
            <button
              key={r.id}
              type="button"
              className={`chip${r.id === table.room_id ? ' is-active' : ''}`}
              onClick={() => setRoom(r.id)}
            >
              {r.name}
            </button>
          ))}
        </nav>
        <div className="bac__felt">
          <div className="bac__timer" aria-live="polite">
            {table ? (open ? `วางเดิมพัน ${left} วินาที` : 'ปิดรับเดิมพัน · กำลังแจกไพ่') : 'กำลังโหลด…'}
            <small>
              ตาที่ {table?.current.hand_no ?? '-'} · ขอนที่ {table?.shoe.shoe_no ?? '-'}
            </small>
          </div>
          <div className="bac__hands">
            {(['player', 'banker'] as const).map((side) => (
              <div
                key={side}
                className={`bac__hand bac__hand--${side}${shown?.winner === side ? ' is-winner' : ''}`}
              >
                <h3>{side === 'player' ? 'ผู้เล่น' : 'เจ้ามือ'}</h3>
                <div className="bac__cards">
                  {shown
                    ? (side === 'player' ? shown.player : shown.banker).map((c) => <Card key={c} card={c} />)
                    : null}
                </div>
                <b className="bac__total">
                  {shown ? (side === 'player' ? shown.player_total : shown.banker_total) : '–'}
                </b>
              </div>
            ))}
          </div>
          {shown && (
            <p className="bac__result">
              {shown.winner === 'tie' ? 'เสมอ' : shown.winner === 'player' ? 'ผู้เล่นชนะ' : 'เจ้ามือชนะ'}
            </p>
          )}
          <div className="bac__spots">
            {POSITIONS.map((p) => (
              <button
                key={p.key}
                type="button"
                className={`bac__spot bac__spot--${p.key}`}
                onClick={() => bet(p.key)}
                disabled={!open}
              >
                <span>{p.label}</span>
                <small>{p.pays}</small>
                {mine(p.key) > 0 && <b className="bac__mine">{formatSatang(mine(p.key) as Satang)}</b>}
              </button>
            ))}
          </div>
        </div>
        {error && <p className="slot__error">{error}</p>}
        <fieldset className="bac__chips ih-fieldset">
          <legend className="sr-only">ชิป</legend>
          {CHIPS.map((c, i) => (
            <button
              key={c}
              type="button"
              className={`bac__chip${chip === i ? ' is-active' : ''}`}
              onClick={() => setChip(i)}
              aria-pressed={chip === i}
            >
              {Number.parseInt(c, 10)}
            </button>
          ))}
        </fieldset>
        <section className="bac__road" aria-label="เค้าไพ่">
          <h3>เค้าไพ่ขอนนี้</h3>
          <div className="bead">
            {table?.history.map((w, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a bead's place in the shoe is its identity
              <span key={i} className={`bead__dot bead__dot--${w}`}>
                {w === 'banker' ? 'B' : w === 'player' ? 'P' : 'T'}
              </span>
            ))}
          </div>
          <p className="ih-muted">สถิติย้อนหลังไม่มีผลต่อผลลัพธ์ตาถัดไป</p>
          <p className="ih-muted ih-mono">Shoe seed (SHA-256): {table?.shoe.server_seed_hash}</p>
        </section>
      </div>
    </GameShell>
  );
}

import { LoadState } from '../components/LoadState';
import { useGameList } from '../features/games/api';
import { useLaunchGame } from '../features/games/useLaunchGame';
import {
  type SoothDetail,
  type SoothRoom,
  useSoothDetail,
  useSoothLive,
  useSoothRooms,
} from '../features/sooth/api';
import {
  BeadPlate,
  BigRoad,
  COLOUR_NAME,
  DERIVED_TITLES,
  DerivedMark,
  DerivedRoad,
  SIDE_NAME,
} from '../features/sooth/RoadGrid';
import { useSoothStore } from '../features/sooth/store';
import { useMinimumPending } from '../lib/pending';
import './member.css';
import '../features/sooth/sooth.css';

/** The sentence the page always shows (docs/rules/casino.md §7.5). */
const NOTICE = 'สถิติย้อนหลังไม่มีผลต่อผลลัพธ์ตาถัดไป';
const DERIVED = ['big_eye_boy', 'small_road', 'cockroach_pig'] as const;

function RoomPicker({
  rooms,
  selected,
  onSelect,
}: {
  rooms: SoothRoom[];
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  return (
    <fieldset className="sooth-rooms">
      <legend className="sr-only">เลือกห้องบาคาร่า</legend>
      {rooms.map((r) => (
        <button
          key={r.room_id}
          type="button"
          className={`sooth-room${r.room_id === selected ? ' is-active' : ''}`}
          aria-pressed={r.room_id === selected}
          onClick={() => onSelect(r.room_id)}
          data-testid="sooth-room"
          data-room={r.room_id}
        >
          <span className="sooth-room__name">{r.name}</span>
          <span className="sooth-room__meta">
            {r.shoe ? `ออกแล้ว ${r.shoe.hands_dealt} ตา` : 'ยังไม่เริ่มรอบ'}
          </span>
        </button>
      ))}
    </fieldset>
  );
}

function AskRoad({ d }: { d: SoothDetail }) {
  const size = 20;
  return (
    <section className="panel sooth-ask" aria-labelledby="sooth-ask-title" data-testid="sooth-ask">
      <h2 className="panel__title" id="sooth-ask-title">
        ถามเค้าไพ่
      </h2>
      <p className="sooth-muted">
        ช่องที่แต่ละเค้าไพ่จะบันทึก หากตาถัดไปออกฝั่งนั้น เป็นเพียงการวาดตามกติกาของเค้าไพ่ ไม่ใช่การคาดการณ์ผล
      </p>
      <dl className="sooth-ask__rows">
        {(['banker', 'player'] as const).map((side) => (
          <div key={side} className={`sooth-ask__row sooth-ask__row--${side}`} data-side={side}>
            <dt>ถ้าออก{SIDE_NAME[side]}</dt>
            <dd>
              <ul className="sooth-ask__marks">
                {DERIVED.map((road) => {
                  const colour = d.ask[side][road];
                  return (
                    <li key={road} data-road={road} data-colour={colour ?? 'none'}>
                      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true">
                        <rect width={size} height={size} rx={3} fill="#fff" />
                        {colour && <DerivedMark road={road} colour={colour} x={0} y={0} size={size} />}
                      </svg>
                      <span>
                        {DERIVED_TITLES[road]}: {colour ? COLOUR_NAME[colour] : 'ไม่มีช่องใหม่'}
                      </span>
                    </li>
                  );
                })}
              </ul>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Statistics({ d }: { d: SoothDetail }) {
  const s = d.statistics;
  const rows: [string, string, string, string][] = [
    ['banker', 'เจ้ามือ', String(s.banker), s.banker_percent],
    ['player', 'ผู้เล่น', String(s.player), s.player_percent],
    ['tie', 'เสมอ', String(s.tie), s.tie_percent],
    ['banker-pair', 'เจ้ามือคู่', String(s.banker_pair), s.banker_pair_percent],
    ['player-pair', 'ผู้เล่นคู่', String(s.player_pair), s.player_pair_percent],
  ];
  return (
    <section className="panel sooth-stats" aria-labelledby="sooth-stats-title" data-testid="sooth-stats">
      <h2 className="panel__title" id="sooth-stats-title">
        สถิติรอบสับไพ่นี้
      </h2>
      <p className="sooth-muted">
        ทั้งหมด <strong data-testid="sooth-hands">{s.hands}</strong> ตา
      </p>
      <dl className="sooth-stats__list">
        {rows.map(([key, label, count, percent]) => (
          <div key={key} className={`sooth-stats__item sooth-stats__item--${key}`}>
            <dt>{label}</dt>
            <dd>
              {count} ตา <span className="sooth-muted">({percent}%)</span>
            </dd>
          </div>
        ))}
        <div className="sooth-stats__item">
          <dt>ติดกันยาวสุด</dt>
          <dd>
            เจ้ามือ {s.longest_banker} · ผู้เล่น {s.longest_player}
          </dd>
        </div>
      </dl>
      <p className="sooth-notice sooth-notice--small">{NOTICE}</p>
    </section>
  );
}

/** /sooth (บาคาร่าสูตร): the five roads of an in-house baccarat room's current shoe, live. */
export default function Sooth() {
  const rooms = useSoothRooms();
  const roomsLoading = useMinimumPending(rooms.isLoading);
  const stored = useSoothStore((s) => s.roomId);
  const setRoom = useSoothStore((s) => s.setRoom);
  const list = rooms.data ?? [];
  const roomId = list.some((r) => r.room_id === stored) ? stored : (list[0]?.room_id ?? null);
  const detail = useSoothDetail(roomId);
  useSoothLive(rooms.data);
  const games = useGameList({ provider: 'chok', category: 'casino' });
  const launch = useLaunchGame();
  const d = detail.data && detail.data.room.room_id === roomId ? detail.data : undefined;
  const game = d
    ? games.data?.find((g) => g.game_id === d.room.game_id && g.provider_id === d.room.provider_id)
    : undefined;

  return (
    <div className="container member-page sooth-page">
      <h1 className="page-title">สูตรบาคาร่า</h1>
      <p className="sooth-notice" role="note" data-testid="sooth-notice">
        {NOTICE}
        <span className="sooth-notice__more">
          ทุกตาแจกจากไพ่ที่สับแบบสุ่มและตรวจสอบได้ เค้าไพ่เป็นเพียงบันทึกผลที่ออกไปแล้ว
        </span>
      </p>
      <LoadState loading={roomsLoading} error={rooms.error} text="กำลังโหลดห้องบาคาร่า…" alert />
      {!roomsLoading && rooms.data && rooms.data.length === 0 && (
        <p className="empty-text">ยังไม่มีห้องบาคาร่าที่เปิดอยู่</p>
      )}
      {!roomsLoading && list.length > 0 && <RoomPicker rooms={list} selected={roomId} onSelect={setRoom} />}
      {!roomsLoading && detail.isError && (
        <p className="form-alert" role="alert">
          {detail.error.message}
        </p>
      )}
      {!roomsLoading && d && (
        <div className="sooth-layout" data-testid="sooth-board" data-room={d.room.room_id}>
          <section className="panel sooth-roads" aria-labelledby="sooth-room-title">
            <div className="sooth-head">
              <div>
                <h2 className="panel__title sooth-head__title" id="sooth-room-title">
                  {d.room.name}
                </h2>
                <p className="sooth-muted" aria-live="polite">
                  {d.room.shoe
                    ? `รอบสับไพ่ที่ ${d.room.shoe.shoe_no} · ออกแล้ว ${d.room.shoe.hands_dealt} ตา · อัปเดตทันทีเมื่อแจกไพ่`
                    : 'ยังไม่เริ่มรอบสับไพ่'}
                </p>
              </div>
              <button
                type="button"
                className="btn btn--primary sooth-head__open"
                disabled={!game}
                onClick={() => game && launch(game, { source: 'sooth' })}
                data-testid="sooth-open"
              >
                เปิดห้องนี้ในเกม
              </button>
            </div>
            <BeadPlate d={d} />
            <BigRoad d={d} />
            <div className="sooth-derived">
              {DERIVED.map((road) => (
                <DerivedRoad key={road} d={d} road={road} />
              ))}
            </div>
            <p className="sooth-legend">
              <span className="sooth-legend__item sooth-legend__item--banker">แดง = เจ้ามือ</span>
              <span className="sooth-legend__item sooth-legend__item--player">น้ำเงิน = ผู้เล่น</span>
              <span className="sooth-legend__item sooth-legend__item--tie">เขียว = เสมอ</span>
              <span>จุดมุมซ้ายบน = เจ้ามือคู่ · จุดมุมขวาล่าง = ผู้เล่นคู่</span>
            </p>
          </section>
          <div className="sooth-side">
            <AskRoad d={d} />
            <Statistics d={d} />
          </div>
        </div>
      )}
    </div>
  );
}

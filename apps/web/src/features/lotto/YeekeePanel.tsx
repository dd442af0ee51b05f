import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAction } from '../../lib/action';
import { errorMessage } from '../../lib/api';
import { countdown } from '../../lib/countdown';
import { formatTime } from '../../lib/dates';
import { formatNumber } from '../../lib/numbers';
import { useStream } from '../../lib/stream';
import { useLocalData } from '../../stores/local';
import { type RoundInfo, shootNumber, useRoundResult, useYeekeeList } from './api';

/** Yeekee shooting: the shoot box, live count, own shots; after close the published, hash-chained list. */
export function YeekeePanel({ round, now }: { round: RoundInfo; now: number }) {
  const qc = useQueryClient();
  const isLoggedIn = useLocalData((s) => s.isLoggedIn);
  const list = useYeekeeList(round.round_id);
  const [number, setNumber] = useState('');
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [cooldownUntil, setCooldownUntil] = useState(0);
  const { pending, run } = useAction();
  const [liveCount, setLiveCount] = useState<number | null>(null);
  const data = list.data;
  const ended = data ? !data.shooting_open && data.shots !== null : false;
  const result = useRoundResult(round.round_id, ended);
  const shootEnds = round.shoot_close_at ?? round.close_at;
  const shootingOpen =
    now < new Date(shootEnds).getTime() &&
    (round.status === 'open' || round.status === 'closed') &&
    now >= new Date(round.open_at).getTime();

  useStream(
    [`yeekee:${round.round_id}`],
    ['shot_count', 'yeekee_shot', 'round', 'result'],
    (event, _topic, payload) => {
      const p = payload as { round_id?: number; count?: number };
      if (p.round_id !== round.round_id) return;
      if (event === 'shot_count' && typeof p.count === 'number')
        setLiveCount((c) => Math.max(c ?? 0, p.count!));
      else void qc.invalidateQueries({ queryKey: ['lotto'] });
    },
  );

  const count = Math.max(liveCount ?? 0, data?.shot_count ?? 0);
  const cooldownLeft = Math.max(0, Math.ceil((cooldownUntil - now) / 1000));

  const shoot = async () => {
    if (!/^\d{5}$/.test(number)) {
      setMessage({ text: 'กรุณากรอกตัวเลข 5 หลัก', ok: false });
      return;
    }
    await run(
      async () => {
        const shot = await shootNumber(round.round_id, number);
        setMessage({ text: `ยิงเลข ${shot.number} สำเร็จ ลำดับที่ ${shot.seq}`, ok: true });
        setCooldownUntil(Date.parse(shot.server_ts) + shot.cooldown_seconds * 1000);
        setNumber('');
        setLiveCount((c) => Math.max(c ?? 0, shot.seq));
        void list.refetch();
      },
      (err) => setMessage({ text: errorMessage(err), ok: false }),
    );
  };

  return (
    <section className="panel yeekee-panel" aria-label="ยิงเลข">
      <header className="yeekee-panel__head">
        <h2 className="panel__title">ยิงเลขยี่กี</h2>
        <span className="yeekee-panel__count" data-testid="shot-count">
          ยิงแล้ว <strong>{formatNumber(count)}</strong> ครั้ง
        </span>
      </header>
      {shootingOpen ? (
        <>
          <p className="yeekee-panel__timer">
            ปิดยิงเลขใน <strong>{countdown(shootEnds, now)}</strong>
          </p>
          {isLoggedIn ? (
            <div className="shoot-box">
              <input
                className="field__input shoot-box__input"
                inputMode="numeric"
                maxLength={5}
                aria-label="เลขที่ต้องการยิง 5 หลัก"
                placeholder="00000"
                value={number}
                onChange={(e) => setNumber(e.target.value.replace(/\D/g, '').slice(0, 5))}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') void shoot();
                }}
              />
              <button
                type="button"
                className="btn btn--primary shoot-box__btn"
                disabled={pending || cooldownLeft > 0}
                onClick={shoot}
              >
                {cooldownLeft > 0 ? `รอ ${cooldownLeft} วิ` : 'ยิงเลข'}
              </button>
            </div>
          ) : (
            <p className="empty-text">เข้าสู่ระบบเพื่อร่วมยิงเลข</p>
          )}
          {message && (
            <p className={message.ok ? 'shoot-ok' : 'error-box'} role={message.ok ? 'status' : 'alert'}>
              {message.text}
            </p>
          )}
          <p className="yeekee-panel__note">
            ระหว่างยิงเลขจะแสดงเฉพาะเลขของท่านและจำนวนครั้ง ผลรวมจะเปิดเผยเมื่อปิดรอบ
          </p>
        </>
      ) : (
        ended &&
        result.data?.yeekee?.r && (
          <div className="yeekee-formula" data-testid="yeekee-formula">
            <span>ผลรวม {result.data.yeekee.sum == null ? '' : formatNumber(result.data.yeekee.sum)}</span>
            <span>
              − ลำดับที่ 16 {result.data.yeekee.p16 == null ? '' : formatNumber(result.data.yeekee.p16)}
            </span>
            <span>
              = <strong>{result.data.yeekee.r}</strong>
            </span>
          </div>
        )
      )}
      {data && data.own.length > 0 && (
        <div className="own-shots">
          <h3 className="own-shots__title">เลขที่ท่านยิง</h3>
          <ul className="own-shots__list" data-testid="own-shots">
            {data.own.map((s) => (
              <li key={s.seq}>
                <span className="own-shots__seq">#{s.seq}</span>
                <strong>{s.number}</strong>
                <span>{formatTime(s.server_ts, 'seconds')}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {data?.shots && (
        <details className="shot-list" open={data.shots.length <= 40}>
          <summary>รายการยิงเลขทั้งหมด {data.shots.length} ครั้ง (ตรวจสอบได้ด้วยค่าแฮช)</summary>
          <ol className="shot-list__rows" data-testid="shot-list">
            {[...data.shots].reverse().map((s, i) => (
              <li key={s.seq} className={i === 15 ? 'is-p16' : i === 0 ? 'is-last' : undefined}>
                <span>#{s.seq}</span>
                <strong>{s.number}</strong>
                <span className="shot-list__ref" title={s.member_ref}>
                  {s.member_ref.slice(0, 8)}
                </span>
                <span>{formatTime(s.server_ts, 'seconds')}</span>
                <code title={s.hash}>{s.hash.slice(0, 10)}…</code>
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '../../components/Dialog';
import { formatDateTime } from '../../lib/dates';
import { formatBaht } from '../../lib/money';
import { serverNow } from '../../lib/server-clock';
import { useLocalData } from '../../stores/local';
import { useSessionData } from '../../stores/session';
import { type RealityCheck as Check, endSession, fetchRealityCheck, protectionKeys } from './api';

function duration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} ชั่วโมง ${m} นาที` : `${m} นาที`;
}

/**
 * The reality check (docs/rules/protection.md §5): when the member turned it on, every 30 or 60
 * minutes after the login a dialog shows the time played and the net result since then, over any
 * page or game. Nothing is fetched for a visitor or a member who left it off.
 */
export function RealityCheck() {
  const isLoggedIn = useLocalData((s) => s.isLoggedIn);
  const client = useQueryClient();
  const navigate = useNavigate();
  const { data } = useQuery({
    enabled: isLoggedIn,
    queryKey: protectionKeys.reality,
    queryFn: fetchRealityCheck,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [shown, setShown] = useState<Check | null>(null);

  useEffect(() => {
    if (!isLoggedIn || !data?.minutes) return;
    const start = Date.parse(data.session_started_at);
    const every = data.minutes * 60_000;
    const now = serverNow();
    const due = start + (Math.floor((now - start) / every) + 1) * every;
    const timer = window.setTimeout(
      () => {
        fetchRealityCheck()
          .then((fresh) => {
            client.setQueryData(protectionKeys.reality, fresh);
            if (fresh.minutes) setShown(fresh);
          })
          .catch(() => {});
      },
      Math.max(0, due - now),
    );
    return () => window.clearTimeout(timer);
  }, [data, isLoggedIn, client]);

  if (!shown) return null;
  const net = formatBaht(shown.net);
  return (
    <Dialog
      open
      onClose={() => setShown(null)}
      title="แจ้งเตือนเวลาเล่น"
      width={400}
      persistent
      testId="reality-check"
      footer={
        <>
          <button
            type="button"
            className="btn btn--ghost"
            onClick={async () => {
              setShown(null);
              await endSession();
              useLocalData.getState().clearUser();
              useSessionData.getState().clear();
              client.clear();
              navigate('/');
            }}
          >
            ออกจากระบบ
          </button>
          <button type="button" className="btn btn--primary" onClick={() => setShown(null)}>
            เล่นต่อ
          </button>
        </>
      }
    >
      <div className="reality-check">
        <p>
          คุณเล่นมาแล้ว <strong>{duration(shown.played_minutes)}</strong> ตั้งแต่เข้าสู่ระบบเมื่อ{' '}
          {formatDateTime(shown.session_started_at)}
        </p>
        <dl className="info-list">
          <div className="info-row">
            <dt>ยอดเดิมพัน</dt>
            <dd>{formatBaht(shown.stakes)} บาท</dd>
          </div>
          <div className="info-row">
            <dt>ยอดที่ได้คืน</dt>
            <dd>{formatBaht(shown.returns)} บาท</dd>
          </div>
          <div className="info-row">
            <dt>ผลได้เสียสุทธิ</dt>
            <dd data-testid="reality-net">{net.startsWith('-') ? `เสีย ${net.slice(1)}` : `ได้ ${net}`} บาท</dd>
          </div>
        </dl>
        <button
          type="button"
          className="btn btn--outline btn--block"
          onClick={() => {
            setShown(null);
            navigate('/member/protection');
          }}
        >
          ตั้งค่าการเล่นอย่างรับผิดชอบ
        </button>
      </div>
    </Dialog>
  );
}

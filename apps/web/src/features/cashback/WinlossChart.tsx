import { addDays } from '@chok/engine/bangkok-calendar';
import { formatSatang, parseBaht, type Satang } from '../../lib/money';
import { formatShortDay, type Winloss } from './api';

// Bars only in the SVG (stretched to the width); the labels are text beside it, never stretched.
const W = 360;
const H = 160;
const PAD = { top: 6, right: 2, bottom: 6, left: 2 };

/**
 * Net result per day over the span as bars (plain SVG): up and green when the member won, down and
 * red when they lost; days without play stay empty. The numbers are in the table beside it.
 */
export function WinlossChart({ data }: { data: Winloss }) {
  const net = new Map(data.days.map((d) => [d.day, parseBaht(d.net) as number]));
  const days: string[] = [];
  for (let day = data.from; day <= data.to; day = addDays(day, 1)) days.push(day);
  const max = Math.max(1, ...[...net.values()].map(Math.abs));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const zero = PAD.top + plotH / 2;
  const step = plotW / Math.max(1, days.length);
  const bar = Math.max(1, step * 0.7);
  const scale = plotH / 2 / max;
  const total = parseBaht(data.total.net);
  return (
    <figure className="cb-chart">
      <p className="cb-chart__label">สูงสุด ±{formatSatang(max as Satang)} บาท</p>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby="cb-chart-title"
        className="cb-chart__svg"
        data-testid="winloss-chart"
      >
        <title id="cb-chart-title">กราฟยอดได้เสียรายวัน</title>
        <line
          x1={PAD.left}
          x2={W - PAD.right}
          y1={zero}
          y2={zero}
          className="cb-chart__axis"
          vectorEffect="non-scaling-stroke"
        />
        {days.map((day, i) => {
          const v = net.get(day);
          if (v === undefined || v === 0) return null;
          const h = Math.max(1, Math.abs(v) * scale);
          return (
            <rect
              key={day}
              x={PAD.left + i * step + (step - bar) / 2}
              y={v > 0 ? zero - h : zero}
              width={bar}
              height={h}
              className={v > 0 ? 'cb-chart__won' : 'cb-chart__lost'}
            >
              <title>{`${formatShortDay(day)}: ${v > 0 ? '+' : ''}${formatSatang(v as Satang)} บาท`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="cb-chart__axis-labels" aria-hidden="true">
        <span>{formatShortDay(data.from)}</span>
        <span>{formatShortDay(data.to)}</span>
      </div>
      <figcaption className="cb-muted">
        ยอดได้เสียรายวัน {days.length} วันล่าสุด รวม {total > 0 ? '+' : ''}
        {formatSatang(total)} บาท (แท่งขึ้น = ได้, แท่งลง = เสีย)
      </figcaption>
    </figure>
  );
}

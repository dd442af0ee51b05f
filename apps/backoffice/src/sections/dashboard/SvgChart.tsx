import { useId } from 'react';
import { formatBaht } from '../../lib/format';

export interface Series {
  name: string;
  color: string;
  values: number[];
}

const W = 640;
const H = 240;
const PAD = { top: 12, right: 12, bottom: 28, left: 64 };

/** A round scale step (1, 2 or 5 × 10^n) giving about four grid lines over `span`. */
function step(span: number): number {
  if (span <= 0) return 1;
  const raw = span / 4;
  const p = 10 ** Math.floor(Math.log10(raw));
  const m = raw / p;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}

const short = (v: number) =>
  Math.abs(v) >= 1_000_000
    ? `${(v / 1_000_000).toLocaleString('th-TH', { maximumFractionDigits: 1 })} ล.`
    : Math.abs(v) >= 1_000
      ? `${(v / 1_000).toLocaleString('th-TH', { maximumFractionDigits: 1 })} พ.`
      : v.toLocaleString('th-TH', { maximumFractionDigits: 0 });

/**
 * A plain SVG chart of a few series over the days (grouped bars or lines), with a legend and the
 * same figures as a table for screen readers and for reading exact numbers.
 */
export function SvgChart(props: {
  title: string;
  labels: string[];
  series: Series[];
  kind: 'bars' | 'lines';
}) {
  const { title, labels, series, kind } = props;
  const id = useId();
  const all = series.flatMap((s) => s.values);
  const lo = Math.min(0, ...all);
  const hi = Math.max(0, ...all);
  const s = step(hi - lo);
  const min = Math.floor(lo / s) * s;
  const max = Math.max(Math.ceil(hi / s) * s, min + s);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + plotH - ((v - min) / (max - min)) * plotH;
  const slot = plotW / Math.max(1, labels.length);
  const x = (i: number) => PAD.left + slot * (i + 0.5);
  const ticks: number[] = [];
  for (let v = min; v <= max + s / 2; v += s) ticks.push(v);
  const barW = Math.max(1, (slot * 0.8) / series.length);

  return (
    <figure className="card" style={{ margin: 0 }} aria-labelledby={`${id}-t`}>
      <figcaption id={`${id}-t`}>
        <h2 style={{ margin: '0 0 0.5rem', fontSize: '1rem' }}>{title}</h2>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={title}>
        {ticks.map((v) => (
          <g key={v}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(v)}
              y2={y(v)}
              stroke="currentColor"
              strokeOpacity={v === 0 ? 0.5 : 0.15}
            />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize="11" fill="currentColor">
              {short(v)}
            </text>
          </g>
        ))}
        {labels.map((l, i) =>
          i % 5 === labels.length % 5 || i === labels.length - 1 ? (
            <text key={l} x={x(i)} y={H - 8} textAnchor="middle" fontSize="11" fill="currentColor">
              {l}
            </text>
          ) : null,
        )}
        {kind === 'bars'
          ? series.map((ser, k) =>
              ser.values.map((v, i) => (
                <rect
                  // biome-ignore lint/suspicious/noArrayIndexKey: one bar per day and series
                  key={`${k}-${i}`}
                  x={x(i) - (barW * series.length) / 2 + k * barW}
                  y={Math.min(y(v), y(0))}
                  width={barW}
                  height={Math.abs(y(v) - y(0))}
                  fill={ser.color}
                />
              )),
            )
          : series.map((ser) => (
              <polyline
                key={ser.name}
                fill="none"
                stroke={ser.color}
                strokeWidth={2}
                points={ser.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')}
              />
            ))}
      </svg>
      <ul
        className="row"
        style={{ listStyle: 'none', padding: 0, margin: '0.5rem 0 0' }}
        aria-label="คำอธิบายสี"
      >
        {series.map((ser) => (
          <li key={ser.name}>
            <span aria-hidden="true" style={{ color: ser.color }}>
              ■{' '}
            </span>
            {ser.name}
          </li>
        ))}
      </ul>
      <details>
        <summary>ดูตัวเลข</summary>
        <div className="table-scroll">
          <table className="table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">วันที่</th>
                {series.map((ser) => (
                  <th key={ser.name} scope="col">
                    {ser.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {labels.map((l, i) => (
                <tr key={l}>
                  <th scope="row">{l}</th>
                  {series.map((ser) => (
                    <td key={ser.name} className="num">
                      {Number.isInteger(ser.values[i]) && !title.includes('บาท')
                        ? ser.values[i]
                        : formatBaht(ser.values[i])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

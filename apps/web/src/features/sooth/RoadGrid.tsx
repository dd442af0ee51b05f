import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { SoothDetail } from './api';

/** Colours of the roads (docs/rules/casino.md §7.1): red Banker, blue Player, green Tie. */
export const ROAD_COLOUR = { red: '#d7263d', blue: '#1f5fd1', green: '#17834f' } as const;
const SIDE_COLOUR = { banker: ROAD_COLOUR.red, player: ROAD_COLOUR.blue, tie: ROAD_COLOUR.green } as const;
/** The Thai letters of the bead plate: จ เจ้ามือ (Banker), ผ ผู้เล่น (Player), ส เสมอ (Tie). */
export const SIDE_LETTER = { banker: 'จ', player: 'ผ', tie: 'ส' } as const;
export const SIDE_NAME = { banker: 'เจ้ามือ', player: 'ผู้เล่น', tie: 'เสมอ' } as const;
export const COLOUR_NAME = { red: 'แดง', blue: 'น้ำเงิน' } as const;

/** Columns that fill the box at this cell size (at least `min`), measured as the box resizes. */
function useFitColumns(cell: number, min: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState(min);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setFit(Math.max(min, Math.floor(el.clientWidth / cell)));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [cell, min]);
  return { ref, fit };
}

/**
 * One road as an SVG grid of `rows` rows, scrolled to its newest column; the scroll box can be
 * focused and scrolled with the keyboard. `summary` is what a screen reader hears of the picture.
 */
function Grid({
  id,
  title,
  summary,
  cell,
  rows,
  width,
  children,
}: {
  id: string;
  title: string;
  summary: string;
  cell: number;
  rows: number;
  width: number;
  children: ReactNode;
}) {
  const { ref, fit } = useFitColumns(cell, 8);
  const cols = Math.max(fit, width + 1);
  const w = cols * cell;
  const h = rows * cell;
  useEffect(() => {
    const el = ref.current;
    if (el && width > 0) el.scrollLeft = el.scrollWidth;
  }, [width, ref]);
  let lines = '';
  for (let c = 1; c < cols; c++) lines += `M${c * cell} 0V${h}`;
  for (let r = 1; r < rows; r++) lines += `M0 ${r * cell}H${w}`;
  return (
    <section className="road" aria-labelledby={`${id}-title`} data-testid={`road-${id}`}>
      <h3 className="road__title" id={`${id}-title`}>
        {title}
      </h3>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable) */}
      <div className="road__scroll" ref={ref} tabIndex={0}>
        <svg
          className="road__svg"
          width={w}
          height={h}
          viewBox={`0 0 ${w} ${h}`}
          role="img"
          aria-label={summary}
          data-columns={width}
        >
          <rect width={w} height={h} fill="#fff" />
          <path d={lines} stroke="#d5d7de" strokeWidth={1} />
          {children}
        </svg>
      </div>
    </section>
  );
}

type Detail = SoothDetail;

export function BeadPlate({ d }: { d: Detail }) {
  const cell = 28;
  const r = cell / 2 - 3;
  const last = d.bead_plate.cells[d.bead_plate.cells.length - 1];
  return (
    <Grid
      id="bead"
      title="บีดโรด (ทุกตา)"
      summary={
        last
          ? `บีดโรด ${d.bead_plate.cells.length} ตา ตาล่าสุด ${SIDE_NAME[last.winner]}`
          : 'บีดโรด ยังไม่มีตาที่ออกผลในรอบสับไพ่นี้'
      }
      cell={cell}
      rows={d.rows}
      width={d.bead_plate.width}
    >
      {d.bead_plate.cells.map((c) => {
        const cx = c.col * cell + cell / 2;
        const cy = c.row * cell + cell / 2;
        return (
          <g key={`${c.col}-${c.row}`} data-winner={c.winner} data-hand={c.hand_no}>
            <circle cx={cx} cy={cy} r={r} fill={SIDE_COLOUR[c.winner]} />
            <text x={cx} y={cy} dy="0.35em" textAnchor="middle" fontSize={13} fill="#fff">
              {SIDE_LETTER[c.winner]}
            </text>
            {c.banker_pair && (
              <circle
                cx={cx - r * 0.72}
                cy={cy - r * 0.72}
                r={3.2}
                fill={ROAD_COLOUR.red}
                stroke="#fff"
                data-pair="banker"
              />
            )}
            {c.player_pair && (
              <circle
                cx={cx + r * 0.72}
                cy={cy + r * 0.72}
                r={3.2}
                fill={ROAD_COLOUR.blue}
                stroke="#fff"
                data-pair="player"
              />
            )}
          </g>
        );
      })}
    </Grid>
  );
}

export function BigRoad({ d }: { d: Detail }) {
  const cell = 22;
  const r = cell / 2 - 3;
  const columns =
    d.big_road.cells.length === 0 ? 0 : d.big_road.cells[d.big_road.cells.length - 1]!.column + 1;
  return (
    <Grid
      id="big"
      title="บิ๊กโรด"
      summary={
        columns > 0 ? `บิ๊กโรด ${columns} แถวตั้ง ${d.big_road.cells.length} ช่อง` : 'บิ๊กโรด ยังไม่มีผลในรอบสับไพ่นี้'
      }
      cell={cell}
      rows={d.rows}
      width={d.big_road.width}
    >
      {d.big_road.cells.map((c) => {
        const x = c.col * cell;
        const y = c.row * cell;
        return (
          <g
            key={`${c.column}-${c.depth}`}
            data-winner={c.winner}
            data-column={c.column}
            data-ties={c.ties}
            data-tail={c.col !== c.column || c.row !== c.depth ? '1' : undefined}
          >
            <circle
              cx={x + cell / 2}
              cy={y + cell / 2}
              r={r}
              fill="none"
              stroke={SIDE_COLOUR[c.winner]}
              strokeWidth={3}
            />
            {c.ties > 0 && (
              <>
                <line
                  x1={x + cell - 4}
                  y1={y + 4}
                  x2={x + 4}
                  y2={y + cell - 4}
                  stroke={ROAD_COLOUR.green}
                  strokeWidth={2.5}
                />
                {c.ties > 1 && (
                  <text
                    x={x + cell / 2}
                    y={y + cell / 2}
                    dy="0.35em"
                    textAnchor="middle"
                    fontSize={10}
                    fontWeight={700}
                    fill={ROAD_COLOUR.green}
                  >
                    {c.ties}
                  </text>
                )}
              </>
            )}
          </g>
        );
      })}
    </Grid>
  );
}

const DERIVED_TITLES = {
  big_eye_boy: 'บิ๊กอายบอย',
  small_road: 'สมอลโรด',
  cockroach_pig: 'ค็อกโครชพิก',
} as const;

/** A derived road's mark: big eye boy a hollow circle, small road a dot, cockroach pig a slash (§7.3). */
export function DerivedMark({
  road,
  colour,
  x,
  y,
  size,
}: {
  road: keyof typeof DERIVED_TITLES;
  colour: 'red' | 'blue';
  x: number;
  y: number;
  size: number;
}) {
  const fill = ROAD_COLOUR[colour];
  const r = size / 2 - 2.5;
  const cx = x + size / 2;
  const cy = y + size / 2;
  if (road === 'big_eye_boy')
    return <circle cx={cx} cy={cy} r={r} fill="none" stroke={fill} strokeWidth={2.2} data-colour={colour} />;
  if (road === 'small_road') return <circle cx={cx} cy={cy} r={r} fill={fill} data-colour={colour} />;
  return (
    <line
      x1={x + size - 3}
      y1={y + 3}
      x2={x + 3}
      y2={y + size - 3}
      stroke={fill}
      strokeWidth={2.6}
      strokeLinecap="round"
      data-colour={colour}
    />
  );
}

export function DerivedRoad({ d, road }: { d: Detail; road: keyof typeof DERIVED_TITLES }) {
  const cell = 16;
  const cells = d[road].cells;
  return (
    <Grid
      id={road.replaceAll('_', '-')}
      title={DERIVED_TITLES[road]}
      summary={
        cells.length > 0
          ? `${DERIVED_TITLES[road]} ${cells.length} ช่อง ช่องล่าสุดสี${COLOUR_NAME[cells[cells.length - 1]!.colour]}`
          : `${DERIVED_TITLES[road]} ยังไม่มีช่อง`
      }
      cell={cell}
      rows={d.rows}
      width={d[road].width}
    >
      {cells.map((c) => (
        <g key={`${c.column}-${c.depth}`} data-colour={c.colour}>
          <DerivedMark road={road} colour={c.colour} x={c.col * cell} y={c.row * cell} size={cell} />
        </g>
      ))}
    </Grid>
  );
}

export { DERIVED_TITLES };

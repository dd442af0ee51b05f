import { useEffect, useRef } from 'react';
import { parseBaht } from '../../lib/money';
import type { WheelPrize } from './api';
import { indexUnderPointer, segmentDegrees, segmentPath } from './geometry';

const RADIUS = 100;

interface Props {
  prizes: readonly WheelPrize[];
  /** Degrees clockwise; the disc turns to it (at once under prefers-reduced-motion). */
  rotation: number;
  /** Animate to `rotation`; false places it at once. */
  animate: boolean;
  /** Called once the disc rests at `rotation` after a turn. */
  onStopped: () => void;
}

/** Splits a label at its first space into two lines ("เครดิตฟรี" / "1,000 บาท"). */
function lines(label: string): string[] {
  const at = label.indexOf(' ');
  return at < 0 ? [label] : [label.slice(0, at), label.slice(at + 1)];
}

function fillOf(p: WheelPrize, i: number): string {
  if (p.kind === 'free_credit' && parseBaht(p.amount) >= 10_000) return 'var(--wheel-gold)';
  return i % 2 === 0 ? 'var(--wheel-a)' : 'var(--wheel-b)';
}

/**
 * The prize wheel as SVG: one segment per prize, clockwise from the pointer at the top. The disc turns
 * with a CSS transition to `rotation`; `data-rotation` and `data-landed` say where it stopped.
 */
export function WheelDisc({ prizes, rotation, animate, onStopped }: Props) {
  const n = prizes.length;
  const s = segmentDegrees(n);
  const disc = useRef<SVGGElement>(null);
  const stopped = useRef(onStopped);
  stopped.current = onStopped;

  // A turn ends on transitionend; a safety timer covers a hidden tab, where no transition runs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new rotation is a new turn to wait for
  useEffect(() => {
    if (!animate) return;
    const el = disc.current;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      stopped.current();
    };
    const onEnd = (e: TransitionEvent) => {
      if (e.target === el && e.propertyName === 'transform') finish();
    };
    el?.addEventListener('transitionend', onEnd);
    const timer = window.setTimeout(finish, 6_000);
    return () => {
      el?.removeEventListener('transitionend', onEnd);
      window.clearTimeout(timer);
    };
  }, [animate, rotation]);

  return (
    <div className="wheel">
      <svg viewBox="-110 -110 220 220" className="wheel__svg" role="img" aria-label={`วงล้อรางวัล ${n} ช่อง`}>
        <circle r={RADIUS + 6} className="wheel__rim" />
        <g
          ref={disc}
          className={`wheel__disc${animate ? ' is-turning' : ''}`}
          style={{ transform: `rotate(${rotation}deg)` }}
          data-testid="wheel-disc"
          data-rotation={rotation}
          data-landed={indexUnderPointer(rotation, n)}
        >
          {prizes.map((p, i) => (
            <path
              key={p.index}
              d={segmentPath(i, n, RADIUS)}
              fill={fillOf(p, i)}
              className="wheel__segment"
              data-index={p.index}
            />
          ))}
          {prizes.map((p, i) => (
            <text
              key={`t${p.index}`}
              transform={`rotate(${(i + 0.5) * s})`}
              textAnchor="middle"
              className={`wheel__label${fillOf(p, i) === 'var(--wheel-gold)' ? ' is-gold' : ''}`}
            >
              {lines(p.label).map((line, j, all) => (
                <tspan key={line} x={0} y={-RADIUS * 0.66 + (j - (all.length - 1) / 2) * 11}>
                  {line}
                </tspan>
              ))}
            </text>
          ))}
        </g>
        <circle r={16} className="wheel__hub" />
        <path d="M-9 -112 L9 -112 L0 -92 Z" className="wheel__pointer" />
      </svg>
    </div>
  );
}
